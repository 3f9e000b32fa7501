import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../../src/identity/public.decorator.js';
import { MIN_ROLE, type Role } from '../../src/identity/roles.js';
import type { TestApp } from './test-app.js';

/** Every route the running app serves, as "METHOD /path", read from its Express router. */
export function servedRoutes(sut: TestApp): string[] {
  const express = sut.app.getHttpAdapter().getInstance() as unknown as {
    router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
  };
  return express.router.stack.flatMap(({ route }) =>
    // The catch-alls are Nest's "404 Not Found" answer for unknown paths, not routes.
    route && !['/api', '/api{/*splat}'].includes(route.path)
      ? Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${route.path}`)
      : [],
  );
}

/** Who may call a route, as its decorators declare it. */
export interface AccessRule {
  isPublic: boolean;
  minRole: Role | undefined;
}

/** The access rule of every controller handler, by "METHOD /path" (as servedRoutes spells them). */
export function accessRules(sut: TestApp): Map<string, AccessRule> {
  const discovery = new DiscoveryService(sut.app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const rules = new Map<string, AccessRule>();
  for (const { metatype } of discovery.getControllers()) {
    if (typeof metatype !== 'function') continue;
    const controller = metatype as abstract new (...args: never[]) => object;
    const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, () => unknown>)[name];
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      const full = ['/api', base, path].map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean);
      rules.set(`${method} /${full.join('/')}`, {
        isPublic: reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, controller]) === true,
        minRole: reflector.getAllAndOverride<Role | undefined>(MIN_ROLE, [handler, controller]),
      });
    }
  }
  return rules;
}
