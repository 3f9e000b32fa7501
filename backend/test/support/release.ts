/**
 * The last release: the commit whose database test/upgrade-from-release.spec.ts starts from
 * (test/fixtures/release-<RELEASE>.sql, made by tools/make-release-fixture.ts). At each
 * release, set it to the released commit and make its fixture.
 */
export const RELEASE = 'e27166d';
