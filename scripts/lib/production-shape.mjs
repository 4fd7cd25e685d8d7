// The production shape on one machine, without Docker (issue 26): Caddy with the repository's own
// deploy/Caddyfile in front of the CMS, several API instances and the site server, on the
// PostgreSQL server at DATABASE_URL, with NODE_ENV=production — what docker-compose.yml starts,
// from the same description (deploy/shape.mjs). Every service is supervised (restarted when it
// crashes). Used by `npm run start:production-shape`, its end-to-end suite and the fault scripts.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { API_INSTANCES, API_NODE_FLAGS, API_PROCESS_ENV, MAX_RESTARTS, MEDIA_S3_ENV, SERVICES, SITE_BUILDS_S3_ENV, SITE_NODE_FLAGS, SITE_PROCESS_ENV } from '../../deploy/shape.mjs';
import { startSmtpCatcher } from './smtp-catcher.mjs';
import { caddyMediaEnv, ensureCaddy } from '@app/front-door/caddy';
import { startService } from '@app/supervisor';
import { createRollingRestarter, reportToApi } from '@app/supervisor/rolling-restart';
import { assertPortFree, buildCms, buildCmsIn, cmsPackageFile, loadSecrets, prepareCms, root, signalApi, waitFor } from './stack.mjs';

/** The local ports: Caddy on PUBLIC_URL's port, our services on `portBase` + a fixed offset. */
export function localPorts(portBase, instances) {
  return { cms: portBase + 2, site: portBase + 21, smtp: portBase + 25, internalApi: portBase + 30, api: Array.from({ length: instances }, (_, i) => portBase + 11 + i) };
}

/**
 * How each of our services is started (with `node`, from its folder): the same on one machine and
 * on each host of `npm run start:multi-host`. The API and the site server take their port and
 * address from their environment (API_PORT/API_HOST, SITE_PORT/SITE_HOST).
 */
export function serviceCommand(name, { port, host = '127.0.0.1' } = {}) {
  if (name === 'cms') return { args: [cmsPackageFile(root, 'next/dist/bin/next'), 'start', '-p', String(port ?? SERVICES.cms.port), '-H', host], cwd: path.join(root, 'cms') };
  if (name === 'api') return { args: [...API_NODE_FLAGS, 'src/server.ts'], cwd: path.join(root, 'api') };
  if (name === 'site') return { args: [...SITE_NODE_FLAGS, 'server/main.ts'], cwd: path.join(root, 'site') };
  throw new Error(`no service named ${name}`);
}

/** SITE_BUILDS_S3_*, each unset one taken from MEDIA_S3_* as the site server would (so the names compose passes carry the values). */
function siteBuildsEnv(env) {
  const media = (name) => (name === 'SITE_BUILDS_S3_BUCKET' || name === 'SITE_BUILDS_S3_PREFIX' ? undefined : env[name.replace('SITE_BUILDS_S3_', 'MEDIA_S3_')]);
  return Object.fromEntries(SITE_BUILDS_S3_ENV.map((name) => [name, env[name] || media(name) || '']));
}

/**
 * What each service is given locally; the names match docker-compose.yml's (the test compares
 * them), the values are this machine's addresses and folders. `host` places them on one host of
 * several (scripts/lib/multi-host.mjs): the address they listen on, where they reach the API and
 * the CMS, the proxy whose X-Forwarded-For the API believes and the host's own folders.
 */
export function localServiceEnv({ env, databaseUrl, publicUrl, secrets, ports, dataDir, smtpUrl, host = {} }) {
  // The CMS and the site server reach the API instances through Caddy's loopback-only internal
  // listener (balanced and retried, as compose's service name balances across replicas), so the
  // death of any one instance goes unnoticed by them.
  const apiUrl = host.apiUrl ?? `http://127.0.0.1:${ports.internalApi}`;
  const common = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PAYLOAD_SECRET: env.PAYLOAD_SECRET ?? secrets.payloadSecret,
    INTERNAL_SECRET: env.INTERNAL_SECRET ?? secrets.internalSecret,
    PUBLIC_URL: publicUrl,
    CMS_URL: host.cmsUrl ?? `http://127.0.0.1:${ports.cms}`,
    API_URL: apiUrl,
    MEDIA_DIR: env.MEDIA_DIR ?? path.join(dataDir, 'media'),
    CMS_ADMIN_EMAIL: env.CMS_ADMIN_EMAIL,
    CMS_ADMIN_PASSWORD: env.CMS_ADMIN_PASSWORD,
    CMS_ADMIN_TOTP_SECRET: env.CMS_ADMIN_TOTP_SECRET,
  };
  const buildsDir = host.buildsDir ?? path.join(dataDir, 'site-builds');
  const builds = siteBuildsEnv(env);
  // The CMS's Media collection and the API's avatars write to the same bucket when MEDIA_S3_* is set.
  const media = Object.fromEntries(MEDIA_S3_ENV.map((name) => [name, env[name] ?? '']));
  return {
    cms: { ...common, ...media },
    api: ports.api.map((port) => ({
      ...common,
      API_HOST: host.listen ?? '127.0.0.1',
      API_PORT: String(port),
      SITE_DIR: path.join(root, 'site'),
      SITE_BUILDS_DIR: buildsDir,
      TRUST_PROXY: host.trustProxy ?? 'loopback',
      SMTP_URL: smtpUrl,
      ADMIN_USERNAME: env.ADMIN_USERNAME,
      ADMIN_PASSWORD: env.ADMIN_PASSWORD,
      ADMIN_EMAIL: env.ADMIN_EMAIL,
      REGISTER_LIMIT_PER_HOUR: env.REGISTER_LIMIT_PER_HOUR ?? '20',
      REGISTER_DOMAIN_BURST: env.REGISTER_DOMAIN_BURST ?? '30',
      ...media,
      ...builds,
      SITE_BUILDS_KEEP: env.SITE_BUILDS_KEEP ?? '',
    })),
    site: { SITE_PORT: String(ports.site), SITE_BUILDS_DIR: buildsDir, API_URL: apiUrl, PUBLIC_URL: publicUrl, MEDIA_S3_PUBLIC_URL: env.MEDIA_S3_PUBLIC_URL ?? '', DATABASE_URL: databaseUrl, ...builds },
    proxy: {
      SITE_ADDRESS: publicUrl,
      PUBLIC_URL: publicUrl,
      API_UPSTREAMS: ports.api.map((p) => `127.0.0.1:${p}`).join(' '),
      CMS_UPSTREAM: `127.0.0.1:${ports.cms}`,
      SITE_UPSTREAM: `127.0.0.1:${ports.site}`,
      MEDIA_ROOT: common.MEDIA_DIR,
      // Other host names on the same port are redirected to PUBLIC_URL, as :80 is in production.
      OTHER_HOSTS_ADDRESS: `:${new URL(publicUrl).port || 80}`,
      CADDY_ADMIN: 'off',
      TRUSTED_PROXIES: env.TRUSTED_PROXIES ?? '',
      INTERNAL_API_PORT: String(ports.internalApi),
      ...caddyMediaEnv(env),
    },
  };
}

/**
 * @param {{ databaseUrl?: string, publicUrl?: string, apiInstances?: number, dataDir?: string,
 *   portBase?: number, env?: Record<string, string>, log?: (name: string, line: string) => void,
 *   demoContent?: boolean }} options
 */
export async function startProductionShape(options = {}) {
  const env = { ...process.env, ...options.env };
  const databaseUrl = options.databaseUrl ?? env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL server the production shape runs on (e.g. postgres://postgres@127.0.0.1:5432/better_self).');
  const publicUrl = options.publicUrl ?? env.PUBLIC_URL ?? 'http://localhost:8080';
  const instances = Number(options.apiInstances ?? env.API_INSTANCES ?? API_INSTANCES);
  const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR ?? path.join(root, '.data/production-shape'));
  const ports = localPorts(Number(options.portBase ?? env.SHAPE_PORT_BASE ?? 4400), instances);
  const log = options.log ?? ((name, line) => console.log(`[${name}] ${line}`));
  const step = (msg) => log('production-shape', msg);
  const started = Date.now();
  const services = [];
  let smtp = null;
  const policy = { maxRestarts: MAX_RESTARTS };
  let restarter = { request: () => {} };

  async function stop() {
    for (const s of [...services].reverse()) await s.stop();
    await smtp?.close();
  }

  try {
    const publicPort = Number(new URL(publicUrl).port || 80);
    for (const [port, what] of [[publicPort, 'Caddy (PUBLIC_URL)'], [ports.internalApi, 'Caddy (internal API listener)'], [ports.cms, 'cms'], [ports.site, 'site'], ...ports.api.map((p, i) => [p, `api ${i + 1}`])]) {
      await assertPortFree(port, what).catch(() => {
        throw new Error(`port ${port} (${what}) is already in use — is another copy running? Set PUBLIC_URL or SHAPE_PORT_BASE to use others.`);
      });
    }
    ensureCaddy(step);
    mkdirSync(path.join(dataDir, 'media'), { recursive: true });
    const secrets = loadSecrets(dataDir);
    let smtpUrl = env.SMTP_URL;
    if (!smtpUrl) {
      smtp = await startSmtpCatcher({ port: ports.smtp, file: path.join(dataDir, 'mail.jsonl') });
      smtpUrl = smtp.url;
      step(`SMTP_URL is unset: mail is caught at ${smtpUrl} and written to ${path.relative(root, smtp.file)}`);
    }
    const envs = localServiceEnv({ env, databaseUrl, publicUrl, secrets, ports, dataDir, smtpUrl });
    // Caddy reaches each API instance on its port: a socket path from the environment would be shared by all of them.
    const base = { ...env, NEXT_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1' };
    delete base.API_SOCKET;

    // Production has no demo data; a benchmark may ask for the demo articles and products to read.
    step(`preparing the CMS database (migrations; ${options.demoContent ? 'demo content, for a benchmark' : 'no demo data'})`);
    await prepareCms({ ...base, ...envs.cms }, Boolean(options.demoContent));
    await buildCms({ ...base, ...envs.cms }, step);

    step(`starting the CMS and ${instances} API instance${instances > 1 ? 's' : ''}`);
    const cmsCommand = serviceCommand('cms', { port: ports.cms });
    const cms = startService('cms', cmsCommand.args, { cwd: cmsCommand.cwd, env: { ...base, ...envs.cms } }, log, { policy });
    services.push(cms);
    await waitFor(`${envs.cms.CMS_URL}${SERVICES.cms.health}`, { service: cms, timeoutMs: 180_000, ok: (s) => s === 200 });
    // One after another the first time, so the first migrates and creates the first admin alone.
    for (const [i, apiEnv] of envs.api.entries()) {
      const api = startService(`api-${i + 1}`, serviceCommand('api').args, { cwd: serviceCommand('api').cwd, env: { ...base, ...API_PROCESS_ENV, ...apiEnv } }, log, { policy, onMessage: (message) => restarter.request(message) });
      services.push(api);
      const apiUrl = `http://127.0.0.1:${ports.api[i]}`;
      await waitFor(`${apiUrl}/api/health`, { service: api, ok: (s) => s === 200 });
      // It loaded content while the CMS was still starting; load again now it is up.
      await signalApi({ API_URL: apiUrl, INTERNAL_SECRET: envs.cms.INTERNAL_SECRET }, 'content-changed', { collection: 'startup', operation: 'update' });
    }
    if (!existsSync(path.join(dataDir, 'site-builds', 'current'))) {
      step('building the site from the CMS content');
      // Caddy is not up yet: ask the first instance directly.
      const result = await signalApi({ API_URL: `http://127.0.0.1:${ports.api[0]}`, INTERNAL_SECRET: envs.cms.INTERNAL_SECRET }, 'rebuild', { trigger: 'startup' });
      if (result.status !== 'succeeded') throw new Error(`the first site build failed (see deployment ${result.id})`);
    }

    // A deployment that changed the API's or the CMS's code: each instance, then the CMS, restarted from it in turn.
    const apiMembers = ports.api.map((port, i) => ({ service: services.find((s) => s.name === `api-${i + 1}`), healthUrl: `http://127.0.0.1:${port}/api/health` }));
    restarter = createRollingRestarter({
      groups: { api: apiMembers, cms: [{ service: cms, healthUrl: `${envs.cms.CMS_URL}${SERVICES.cms.health}` }] },
      appRoot: root,
      prepare: { cms: (codeRoot) => buildCmsIn(codeRoot, { ...base, ...envs.cms }) },
      report: reportToApi({ apiUrls: apiMembers.map((m) => m.healthUrl.replace('/api/health', '')), internalSecret: envs.cms.INTERNAL_SECRET }),
      log,
    });

    step('starting the site server and Caddy');
    const site = startService('site', serviceCommand('site').args, { cwd: serviceCommand('site').cwd, env: { ...base, ...SITE_PROCESS_ENV, ...envs.site, SITE_HOST: '127.0.0.1' } }, log, { policy });
    services.push(site);
    // 200 once it holds the live build (its own /api/ready), as Caddy's active check asks.
    await waitFor(`http://127.0.0.1:${ports.site}${SERVICES.site.health}`, { service: site, ok: (s) => s === 200 });
    const caddyHome = path.join(dataDir, 'caddy');
    mkdirSync(caddyHome, { recursive: true });
    const proxy = startService('caddy', ['run', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
      cwd: root,
      env: { ...process.env, ...envs.proxy, XDG_DATA_HOME: caddyHome, XDG_CONFIG_HOME: caddyHome },
    }, log, { policy, command: 'caddy' });
    services.push(proxy);
    const host = new URL(publicUrl).host;
    await waitFor(`http://127.0.0.1:${publicPort}/`, { service: proxy, ok: (s) => s === 200, headers: { host } });
    await waitFor(`http://127.0.0.1:${publicPort}/api/health`, { service: proxy, ok: (s) => s === 200, headers: { host } });

    return {
      url: publicUrl,
      seconds: (Date.now() - started) / 1000,
      databaseUrl,
      internalSecret: envs.cms.INTERNAL_SECRET,
      apiUrls: ports.api.map((p) => `http://127.0.0.1:${p}`),
      cmsUrl: envs.cms.CMS_URL,
      mediaDir: envs.cms.MEDIA_DIR,
      mailFile: smtp?.file ?? null,
      services: Object.fromEntries(services.map((s) => [s.name, s])),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

