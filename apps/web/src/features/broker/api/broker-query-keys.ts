/** Every broker query starts with 'broker': a connect, sync or disconnect refreshes them together. */
export const brokerKeys = {
  all: ['broker'] as const,
  brokers: () => [...brokerKeys.all, 'brokers'] as const,
  connections: () => [...brokerKeys.all, 'connections'] as const,
};
