/**
 * The playground's static server on a folder of its own: files with their content types, paths
 * that would leave the folder refused (dot segments in any spelling, a symbolic link out), unknown
 * paths 404, and the page's own routes asked first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { contentType, createStaticServer, resolveRequestPath } from '../../src/node/static-server.js';
import { tempDir } from '../helpers.js';

function get(port: number, path: string, method = 'GET'): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => done({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('the static server gives its folder and nothing outside it', async () => {
  const dir = tempDir('caissa-static-');
  const root = join(dir, 'web');
  mkdirSync(join(root, 'sub'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<p>page</p>');
  writeFileSync(join(root, 'app.js'), 'export {};');
  writeFileSync(join(root, 'sub', 'index.html'), '<p>sub</p>');
  writeFileSync(join(root, 'data.bin'), 'x');
  writeFileSync(join(dir, 'secret.txt'), 'secret');
  symlinkSync(join(dir, 'secret.txt'), join(root, 'link.txt'));
  const server = createStaticServer(root, {
    routes: (_req, res, path) => {
      if (path !== '/engine/info') return false;
      res.end('engine');
      return true;
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  try {
    assert.deepEqual(await get(port, '/'), { status: 200, type: 'text/html; charset=utf-8', body: '<p>page</p>' });
    assert.equal((await get(port, '/sub/')).body, '<p>sub</p>');
    assert.equal((await get(port, '/app.js?v=1#x')).type, 'text/javascript; charset=utf-8');
    assert.equal((await get(port, '/data.bin')).type, 'application/octet-stream');
    assert.equal((await get(port, '/engine/info')).body, 'engine');
    assert.equal((await get(port, '/link.txt')).status, 404, 'a symbolic link out of the folder');
    assert.equal((await get(port, '/sub')).status, 404, 'a folder is no file');
    for (const path of ['/../secret.txt', '/sub/../../secret.txt', '/%2e%2e/secret.txt', '/.%2e/secret.txt', '/..%2fsecret.txt', '/..\\secret.txt', '/%5c..%5csecret.txt', '/%E0%A4%A']) {
      const r = await get(port, path);
      assert.equal(r.status, 400, path);
      assert.notEqual(r.body, 'secret');
    }
    assert.equal((await get(port, '/', 'DELETE')).status, 405);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  assert.throws(() => createStaticServer(join(dir, 'gone')), RangeError);
});

test('request paths resolve only to files under the root', () => {
  assert.deepEqual(resolveRequestPath('/nonexistent-root', '/index.html'), { refused: 'missing' });
  assert.deepEqual(resolveRequestPath('/tmp', 'index.html'), { refused: 'bad' }, 'a path must start with /');
  assert.deepEqual(resolveRequestPath('/tmp', '/a/./b'), { refused: 'bad' });
  assert.equal(contentType('x.CSS'), 'text/css; charset=utf-8');
  assert.equal(contentType('x.svg'), 'image/svg+xml');
});
