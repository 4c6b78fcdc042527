import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-node';

/** Flushes the spans not yet exported and stops tracing. */
export type StopTracing = () => Promise<void>;

/**
 * Traces go to the OTLP/HTTP collector at OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads it and the other
 * OTEL_EXPORTER_OTLP_* settings itself). Unset, nothing is registered and every span the parts start is
 * OpenTelemetry's no-op one.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): StopTracing | undefined {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  return registerTracing(new BatchSpanProcessor(new OTLPTraceExporter()), env.OTEL_SERVICE_NAME);
}

/**
 * Registers the SDK for the whole process: the AsyncLocalStorage context manager carries the current span
 * through the in-process calls (web → gateway → CRM → database), the W3C propagator reads and writes
 * `traceparent`, and the undici instrumentation makes every outgoing fetch (an external CRM, user pools, tax
 * service) a client span that sends it.
 */
export function registerTracing(processor: SpanProcessor, serviceName = 'storefront'): StopTracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [processor],
  });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [new UndiciInstrumentation()],
  });
  return async () => {
    unregister();
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  };
}
