import pino, { type DestinationStream, type Logger } from 'pino';

/** `destination`: where the lines go instead of stdout (tests read what would be logged). */
export function createLogger(level: string, pretty: boolean, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.paystackSecretKey', '*.passwordHash'],
      censor: '[redacted]',
    },
    ...(pretty && !destination ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
