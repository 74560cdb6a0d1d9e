import pino, { type Logger } from 'pino';

const SECRET_QUERY = /([?&](?:token|password|access_token|key|ticket)=)[^&#]*/gi;

/** A URL as it may be logged: values of secret-bearing query parameters are replaced. */
export function safeUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * The process logger. Request logs carry the request id; tokens, passwords and secrets never reach them: headers
 * are not logged, secret query values are masked, and known secret fields are redacted wherever they appear.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'password',
          'token',
          'access_token',
          '*.password',
          '*.password_confirmation',
          '*.token',
          '*.access_token',
          '*.sip_passwd',
          '*.e_mail_passwd',
          '*.nat_password',
          '*.apen_ai_key',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req(req: { method: string; url: string; id?: string; ip?: string }) {
          return { method: req.method, url: safeUrl(req.url), ip: req.ip };
        },
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
