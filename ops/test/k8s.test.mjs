import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { isPinnedImage, kubectlBin, parseYamlDocuments, readText, run } from './helpers.mjs';

/** The kubernetes-models class of a rendered object (e.g. apps/v1 Deployment). */
async function modelOf({ apiVersion, kind }) {
  const module = await import(`kubernetes-models/${apiVersion}`);
  const Model = module[kind];
  assert.ok(Model, `kubernetes-models has no ${apiVersion} ${kind}`);
  return Model;
}

const podSpecOf = (object) =>
  object.kind === 'CronJob' ? object.spec.jobTemplate.spec.template.spec : object.spec?.template?.spec;

describe('k8s/ (kustomize)', () => {
  let objects;
  const find = (kind, name) => {
    const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
    assert.ok(found, `${kind}/${name} rendered`);
    return found;
  };
  const workloads = () => objects.filter((object) => podSpecOf(object));

  before(() => {
    const output = run(kubectlBin(), ['kustomize', 'k8s/']);
    objects = parseYamlDocuments(output);
  });

  test('kubectl kustomize renders every expected object', () => {
    const kinds = objects.map((object) => `${object.kind}/${object.metadata.name}`).sort();
    assert.deepEqual(kinds, [
      'ConfigMap/backend-config',
      'CronJob/backup',
      'Deployment/backend',
      'Deployment/web',
      'HorizontalPodAutoscaler/backend',
      'Ingress/web',
      'Job/backend-migrate',
      'Namespace/recruiting-rewritten',
      'NetworkPolicy/backend',
      'NetworkPolicy/web',
      'PersistentVolumeClaim/backups',
      'PodDisruptionBudget/backend',
      'PodDisruptionBudget/web',
      'Service/backend',
      'Service/web',
    ]);
  });

  test('every rendered object validates against its Kubernetes schema', async () => {
    for (const object of objects) {
      const Model = await modelOf(object);
      assert.doesNotThrow(() => new Model(object).validate(), `${object.kind}/${object.metadata.name}`);
    }
  });

  test('the schema check is real: a wrong type is refused', async () => {
    const broken = structuredClone(find('Deployment', 'backend'));
    broken.spec.replicas = 'two';
    const Model = await modelOf(broken);
    assert.throws(() => new Model(broken).validate());
  });

  test('the Secret template validates and names what the API needs', async () => {
    const [secret] = parseYamlDocuments(readText('k8s/secret.example.yaml'));
    const Model = await modelOf(secret);
    new Model(secret).validate();
    for (const key of ['DATABASE_URL', 'SESSION_SECRET', 'ADMIN_PASSWORD']) assert.ok(key in secret.stringData, key);
    const [kustomization] = parseYamlDocuments(readText('k8s/kustomization.yaml'));
    assert.ok(!kustomization.resources.includes('secret.example.yaml'), 'the template is never applied as is');
  });

  test('everything lands in the namespace', () => {
    for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
      assert.equal(object.metadata.namespace, 'recruiting-rewritten', `${object.kind}/${object.metadata.name}`);
    }
  });

  test('every container: pinned image, resources, non-root read-only security context', () => {
    for (const workload of workloads()) {
      const pod = podSpecOf(workload);
      const where = `${workload.kind}/${workload.metadata.name}`;
      assert.equal(pod.automountServiceAccountToken, false, `${where}: no service-account token`);
      assert.equal(pod.securityContext?.runAsNonRoot, true, `${where}: pod runAsNonRoot`);
      assert.ok(pod.securityContext?.runAsUser > 0, `${where}: numeric non-root runAsUser`);
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        const at = `${where} ${container.name}`;
        assert.ok(isPinnedImage(container.image), `${at}: image ${container.image}`);
        for (const kind of ['requests', 'limits']) {
          assert.ok(container.resources?.[kind]?.cpu && container.resources?.[kind]?.memory, `${at}: ${kind}`);
        }
        const security = container.securityContext ?? {};
        assert.equal(security.runAsNonRoot, true, `${at}: runAsNonRoot`);
        assert.equal(security.readOnlyRootFilesystem, true, `${at}: readOnlyRootFilesystem`);
        assert.equal(security.allowPrivilegeEscalation, false, `${at}: allowPrivilegeEscalation`);
        assert.deepEqual(security.capabilities?.drop, ['ALL'], `${at}: drop all capabilities`);
      }
    }
  });

  test('every long-running container has liveness and readiness probes', () => {
    for (const workload of workloads().filter((object) => object.kind === 'Deployment')) {
      for (const container of podSpecOf(workload).containers) {
        const at = `${workload.metadata.name}/${container.name}`;
        assert.ok(container.livenessProbe?.httpGet, `${at}: livenessProbe`);
        assert.ok(container.readinessProbe?.httpGet, `${at}: readinessProbe`);
      }
    }
  });

  test('backend: 2+ replicas, probes on the health endpoints, config and secrets from env', () => {
    const backend = find('Deployment', 'backend');
    assert.ok(backend.spec.replicas >= 2);
    const [container] = backend.spec.template.spec.containers;
    assert.equal(container.readinessProbe.httpGet.path, '/api/health/ready');
    assert.equal(container.livenessProbe.httpGet.path, '/api/health/live');
    const sources = container.envFrom.map((source) => source.configMapRef?.name ?? source.secretRef?.name);
    assert.deepEqual(sources, ['backend-config', 'backend-secrets']);
    assert.equal(find('ConfigMap', 'backend-config').data.NODE_ENV, 'production');
  });

  test('Services, PDBs and the HPA point at pods that exist', () => {
    const labelsOf = (name) => find('Deployment', name).spec.template.metadata.labels;
    const matches = (selector, labels) => Object.entries(selector).every(([key, value]) => labels[key] === value);
    for (const name of ['backend', 'web']) {
      assert.ok(matches(find('Service', name).spec.selector, labelsOf(name)), `Service ${name}`);
      assert.ok(matches(find('PodDisruptionBudget', name).spec.selector.matchLabels, labelsOf(name)), `PDB ${name}`);
    }
    const hpa = find('HorizontalPodAutoscaler', 'backend');
    assert.equal(hpa.spec.scaleTargetRef.name, 'backend');
    assert.ok(hpa.spec.minReplicas >= 2);
    const ingressBackend = find('Ingress', 'web').spec.rules[0].http.paths[0].backend.service;
    assert.equal(ingressBackend.name, 'web');
  });

  test('only the web pods reach the API', () => {
    const policy = find('NetworkPolicy', 'backend');
    assert.deepEqual(policy.spec.podSelector.matchLabels, find('Deployment', 'backend').spec.selector.matchLabels);
    const [rule] = policy.spec.ingress;
    assert.deepEqual(rule.from[0].podSelector.matchLabels, find('Deployment', 'web').spec.selector.matchLabels);
    assert.equal(rule.ports[0].port, 3000);
  });

  test("Prometheus scrapes each API pod on its metrics port; that port is Prometheus's alone", () => {
    const backend = find('Deployment', 'backend');
    const port = Number(find('ConfigMap', 'backend-config').data.METRICS_PORT);
    assert.equal(port, 9464);
    assert.deepEqual(backend.spec.template.metadata.annotations, {
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(port),
      'prometheus.io/path': '/metrics',
    });
    const [container] = backend.spec.template.spec.containers;
    assert.ok(container.ports.some((entry) => entry.name === 'metrics' && entry.containerPort === port));
    // Never through a Service, the web pods or the Ingress: nginx proxies /api/ to port 3000 only.
    for (const service of objects.filter((object) => object.kind === 'Service')) {
      assert.ok(
        service.spec.ports.every((entry) => entry.port !== port && entry.targetPort !== 'metrics' && entry.targetPort !== port),
        `Service/${service.metadata.name}`,
      );
    }
    const rules = find('NetworkPolicy', 'backend').spec.ingress;
    const metricsRules = rules.filter((rule) => rule.ports.some((entry) => entry.port === port));
    assert.equal(metricsRules.length, 1);
    assert.deepEqual(metricsRules[0].ports, [{ protocol: 'TCP', port }]);
    // Namespace and pods in one peer: both must match.
    assert.equal(metricsRules[0].from.length, 1);
    assert.ok(metricsRules[0].from[0].namespaceSelector && metricsRules[0].from[0].podSelector);
  });

  test("the optional PodMonitor is outside the default kustomization and scrapes the API pods' metrics port", () => {
    const [kustomization] = parseYamlDocuments(readText('k8s/kustomization.yaml'));
    assert.ok(!kustomization.resources.includes('podmonitor.yaml'), 'applying k8s/ needs no Prometheus Operator CRD');
    const [monitor] = parseYamlDocuments(readText('k8s/podmonitor.yaml'));
    assert.equal(monitor.apiVersion, 'monitoring.coreos.com/v1');
    assert.equal(monitor.kind, 'PodMonitor');
    const backend = find('Deployment', 'backend');
    const labels = backend.spec.template.metadata.labels;
    assert.ok(Object.entries(monitor.spec.selector.matchLabels).every(([key, value]) => labels[key] === value));
    const [endpoint] = monitor.spec.podMetricsEndpoints;
    assert.equal(endpoint.path, '/metrics');
    assert.ok(backend.spec.template.spec.containers[0].ports.some((entry) => entry.name === endpoint.port));
  });

  test('only the Ingress controller reaches the web pods (it alone may set their X-Forwarded-For)', () => {
    const policy = find('NetworkPolicy', 'web');
    assert.deepEqual(policy.spec.podSelector.matchLabels, find('Deployment', 'web').spec.selector.matchLabels);
    assert.equal(policy.spec.ingress.length, 1);
    const [rule] = policy.spec.ingress;
    assert.equal(rule.from.length, 1, 'one peer: the controller');
    const [peer] = rule.from;
    // Namespace and pods in one peer: both must match (two peers would admit either).
    assert.deepEqual(peer.namespaceSelector.matchLabels, { 'kubernetes.io/metadata.name': 'ingress-nginx' });
    assert.equal(peer.podSelector.matchLabels['app.kubernetes.io/name'], 'ingress-nginx');
    assert.equal(peer.ipBlock, undefined);
    assert.deepEqual(rule.ports, [{ protocol: 'TCP', port: 8080 }]);
  });

  test('web: nginx serves the Ingress host only, and the API starts without ADMIN_PASSWORD once an account exists', () => {
    const [container] = find('Deployment', 'web').spec.template.spec.containers;
    const host = find('Ingress', 'web').spec.rules[0].host;
    assert.equal(container.env.find((variable) => variable.name === 'NGINX_SERVER_NAME')?.value, host);
    // The Secret reaches the API whole (envFrom): a key left out is simply unset, never a failed pod.
    for (const pod of [find('Deployment', 'backend').spec.template.spec, find('Job', 'backend-migrate').spec.template.spec]) {
      for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
        const refs = (c.env ?? []).filter((variable) => variable.valueFrom?.secretKeyRef?.key === 'ADMIN_PASSWORD');
        assert.deepEqual(refs, [], c.name);
      }
    }
    assert.equal(find('ConfigMap', 'backend-config').data.ADMIN_RESET, 'false');
  });

  test("backups: a daily CronJob, never two at once, pg_dump -Fc of the Secret's DATABASE_URL onto the PVC", () => {
    const cronJob = find('CronJob', 'backup');
    assert.match(cronJob.spec.schedule, /^\d+ \d+ \* \* \*$/, 'once a day');
    assert.equal(cronJob.spec.concurrencyPolicy, 'Forbid');
    const pod = podSpecOf(cronJob);
    const [container] = pod.containers;
    // The postgres image carries pg_dump; its major version is the server's (compose runs the same).
    assert.match(container.image, /^postgres:18\./);
    const databaseUrl = container.env.find((variable) => variable.name === 'DATABASE_URL');
    assert.deepEqual(databaseUrl.valueFrom.secretKeyRef, { name: 'backend-secrets', key: 'DATABASE_URL' });
    assert.match(container.args.join('\n'), /pg_dump --format=custom .*--dbname="\$DATABASE_URL"/);
    const claim = pod.volumes.find((volume) => volume.persistentVolumeClaim)?.persistentVolumeClaim.claimName;
    assert.equal(claim, find('PersistentVolumeClaim', 'backups').metadata.name);
    const mount = container.volumeMounts.find(
      (volumeMount) => pod.volumes.find((v) => v.name === volumeMount.name)?.persistentVolumeClaim,
    );
    assert.equal(mount.mountPath, '/backups');
    assert.equal(pod.securityContext.fsGroup, pod.securityContext.runAsGroup, 'the pod may write to the volume');
  });

  test('migrations run once, in a Job with the backend image', () => {
    const job = find('Job', 'backend-migrate');
    const [container] = job.spec.template.spec.containers;
    assert.deepEqual(container.command, ['node', 'dist/database/run-migrations.js']);
    assert.equal(container.image, find('Deployment', 'backend').spec.template.spec.containers[0].image);
    assert.ok(['Never', 'OnFailure'].includes(job.spec.template.spec.restartPolicy));
  });

  test('the Job is the one owner of migrations: the API pods wait for the schema and never migrate', () => {
    assert.equal(find('ConfigMap', 'backend-config').data.MIGRATE_ON_START, 'false');
    const pod = find('Deployment', 'backend').spec.template.spec;
    const [init] = pod.initContainers;
    assert.deepEqual(init.command, ['node', 'dist/database/run-migrations.js', '--wait']);
    assert.equal(init.image, pod.containers[0].image);
    assert.deepEqual(init.envFrom, pod.containers[0].envFrom);
  });

  test('web: nginx proxies to the backend Service', () => {
    const [container] = find('Deployment', 'web').spec.template.spec.containers;
    const upstream = container.env.find((variable) => variable.name === 'API_UPSTREAM_SERVERS').value;
    const port = find('Service', 'backend').spec.ports[0].port;
    assert.equal(upstream, `server backend:${port};`);
  });

  test("web: behind the Ingress, nginx passes on the Ingress's forwarding headers (TRUST_PROXY counts both hops)", () => {
    const [container] = find('Deployment', 'web').spec.template.spec.containers;
    assert.equal(container.env.find((variable) => variable.name === 'NGINX_BEHIND_PROXY')?.value, '1');
    assert.equal(find('ConfigMap', 'backend-config').data.TRUST_PROXY, '2');
  });
});
