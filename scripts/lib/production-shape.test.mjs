import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { API_INSTANCES, API_NODE_FLAGS, API_PROCESS_ENV, composeApiUpstreams, healthCheckCommand, MAX_RESTARTS, PROJECT, PROXY_ENV, SERVICES, SITE_NODE_FLAGS, SITE_PROCESS_ENV } from '../../deploy/shape.mjs';
import { localPorts, localServiceEnv, serviceCommand } from './production-shape.mjs';
import { root } from './stack.mjs';

// docker-compose.yml and `npm run start:production-shape` describe one shape: this keeps them one.
const compose = yaml.load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
const local = localServiceEnv({
  env: {},
  databaseUrl: 'postgres://db/app',
  publicUrl: 'http://localhost:8080',
  secrets: { payloadSecret: 'p', internalSecret: 'i' },
  ports: localPorts(4400, API_INSTANCES),
  dataDir: '/data',
  smtpUrl: 'smtp://127.0.0.1:4425',
});

describe('docker-compose.yml and the local production shape', () => {
  it('run the same services: PostgreSQL, the CMS, the API, the site and Caddy', () => {
    expect(compose.name).toBe(PROJECT);
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'cms', 'postgres', 'proxy', 'site']);
  });

  it('give each of our services the same environment', () => {
    for (const name of Object.keys(SERVICES)) {
      expect(Object.keys(compose.services[name].environment).sort(), name).toEqual([...SERVICES[name].env].sort());
    }
    expect(Object.keys(local.cms).sort()).toEqual([...SERVICES.cms.env].sort());
    for (const api of local.api) expect(Object.keys(api).sort()).toEqual([...SERVICES.api.env].sort());
    expect(Object.keys(local.site).sort()).toEqual([...SERVICES.site.env].sort());
    // Set in both (TRUSTED_PROXIES may be set to nothing: trust no one).
    for (const name of PROXY_ENV) expect(compose.services.proxy.environment[name], name).toBeTypeOf('string');
    for (const name of PROXY_ENV) expect(local.proxy[name], name).toBeTypeOf('string');
  });

  it('run the API as several instances behind Caddy, one upstream each', () => {
    expect(compose.services.api.deploy.replicas).toBe(API_INSTANCES);
    expect(local.api).toHaveLength(API_INSTANCES);
    expect(compose.services.proxy.environment.API_UPSTREAMS).toBe(`\${API_UPSTREAMS:-${composeApiUpstreams()}}`);
    expect(local.proxy.API_UPSTREAMS.split(' ')).toHaveLength(API_INSTANCES);
  });

  it('check the same health URLs and give up after the same number of restarts', () => {
    for (const name of Object.keys(SERVICES)) {
      expect(compose.services[name].healthcheck.test, name).toEqual(['CMD-SHELL', healthCheckCommand(name)]);
      expect(compose.services[name].restart, name).toBe(`on-failure:${MAX_RESTARTS}`);
    }
    expect(compose.services.proxy.restart).toBe('unless-stopped');
    expect(compose.services.postgres.restart).toBe('unless-stopped');
  });

  it('serve through the repository’s own Caddyfile, in production mode', () => {
    expect(compose.services.proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(compose.services.cms.environment.NODE_ENV).toBe('production');
    expect(local.cms.NODE_ENV).toBe('production');
    expect(local.api[0].NODE_ENV).toBe('production');
  });

  it('start the API with the same node flags: the image, npm start and the local shape (issue 50 #5)', () => {
    // A V8 flag cannot go in NODE_OPTIONS (Node refuses --optimize-for-size there): each command line carries the list.
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(root, 'api/Dockerfile'), 'utf8'));
    expect(JSON.parse(cmd[1])).toEqual(['node', ...API_NODE_FLAGS, 'src/server.ts']);
    const scripts = JSON.parse(readFileSync(path.join(root, 'api/package.json'), 'utf8')).scripts;
    expect(scripts.start).toBe(['node', ...API_NODE_FLAGS, 'src/server.ts'].join(' '));
    expect(scripts.dev).toBe(['node', ...API_NODE_FLAGS, '--watch', 'src/server.ts'].join(' '));
    expect(serviceCommand('api').args).toEqual([...API_NODE_FLAGS, 'src/server.ts']);
  });

  it('run the API with glibc’s malloc settings that give a peak’s memory back: the image as the local shape (issue 50 #5)', () => {
    expect(API_PROCESS_ENV).toMatchObject({ MALLOC_ARENA_MAX: '1' });
    const line = /^ENV (.*)$/m.exec(readFileSync(path.join(root, 'api/Dockerfile'), 'utf8'));
    expect(Object.fromEntries(line[1].split(/\s+/).map((pair) => pair.split('=')))).toEqual(API_PROCESS_ENV);
  });

  it('start the site server with the same node flags: the image, its package’s start, the local shape (issue 53 #5)', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(root, 'site/Dockerfile'), 'utf8'));
    expect(JSON.parse(cmd[1])).toEqual(['node', ...SITE_NODE_FLAGS, 'server/main.ts']);
    expect(JSON.parse(readFileSync(path.join(root, 'site/package.json'), 'utf8')).scripts.start).toBe(['node', ...SITE_NODE_FLAGS, 'server/main.ts'].join(' '));
    expect(serviceCommand('site').args).toEqual([...SITE_NODE_FLAGS, 'server/main.ts']);
  });

  it('run the site server with the same malloc settings: it starts a page thread per build (issue 53 #5)', () => {
    expect(SITE_PROCESS_ENV).toMatchObject({ MALLOC_ARENA_MAX: '1' });
    const line = /^ENV (.*)$/m.exec(readFileSync(path.join(root, 'site/Dockerfile'), 'utf8'));
    expect(Object.fromEntries(line[1].split(/\s+/).map((pair) => pair.split('=')))).toEqual(SITE_PROCESS_ENV);
  });
});
