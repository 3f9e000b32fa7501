#!/usr/bin/env node
// The framework's floor for bench/contact.bench.mjs: what NestJS on Express with the
// API's ValidationPipe and the API's own CreateContactDto (from dist/) costs, with one plain
// parameterised INSERT (one commit) per submission. No rate limit, no idempotency, no
// outbox, no logging, no middleware of ours. JavaScript decorated by hand, so that it runs
// as it is next to the built API.
// Environment: DATABASE_URL, PORT, FLOOR_POOL (connections, 10 as the API's pool).
import 'reflect-metadata';
import { Body, Controller, Module, Post, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';
import { CreateContactDto } from '../dist/intake/dto/create-contact.dto.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.FLOOR_POOL ?? 10) });

class FloorController {
  async submit(dto) {
    const { rows } = await pool.query(
      `INSERT INTO contact_submissions (name, email, linkedin, company, interest, comments)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [dto.name, dto.email, dto.linkedin ?? null, dto.company ?? null, dto.interest, dto.comments ?? null],
    );
    return { message: "Thank you for your submission! We'll be in touch soon.", id: rows[0].id };
  }
}
Reflect.decorate(
  [Post(), Reflect.metadata('design:paramtypes', [CreateContactDto])],
  FloorController.prototype,
  'submit',
  Object.getOwnPropertyDescriptor(FloorController.prototype, 'submit'),
);
Body()(FloorController.prototype, 'submit', 0);
Reflect.decorate([Controller('contact')], FloorController);

class FloorModule {}
Reflect.decorate([Module({ controllers: [FloorController] })], FloorModule);

const app = await NestFactory.create(FloorModule, { logger: ['error'] });
app.setGlobalPrefix('api');
app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
await app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
