import autocannon from 'autocannon';
import { processCpuSeconds } from './process-cpu';
import { startBenchServer } from './server';
import { BROWSER_HEADERS, signedInBuyer } from './visitors';

const server = await startBenchServer(3420);
try {
  const home = await (await fetch(`${server.baseUrl}/`)).text();
  const productPath = /href="(\/product\/[^"]+)"/.exec(home)?.[1];
  const buyer = await signedInBuyer(server.baseUrl);
  for (const [name, path, who] of [
    ['bare', '/_bare', BROWSER_HEADERS],
    ['signed', productPath, buyer],
    ['bare', '/_bare', BROWSER_HEADERS],
    ['signed', productPath, buyer],
  ] as const) {
    await autocannon({ url: `${server.baseUrl}${path}`, headers: who, connections: 10, duration: 2 });
    const cpu0 = processCpuSeconds([server.pid]);
    const r = await autocannon({
      url: `${server.baseUrl}${path}`,
      headers: who,
      connections: 10,
      duration: 8,
    });
    const cpu = ((processCpuSeconds([server.pid]) - cpu0) * 1000) / r.requests.total;
    console.log(
      process.env.EXPERIMENT_FLAGS || 'base',
      name,
      r.requests.average,
      'p99',
      r.latency.p99,
      'cpu ms',
      cpu.toFixed(2),
    );
  }
} finally {
  await server.stop();
}
