export function withListenHost(args: string[], env: { HOST?: string }): string[]
