import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_PNG } from '../../../test/fixtures';
import { PASSWORD, type TestApp, createTestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const PNG = VALID_PNG;

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----pbp-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body };
}

async function upload(token: string, userId: number, part: ReturnType<typeof multipart>) {
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/v2/uploads/users/${userId}/profile-image`,
    headers: { ...part.headers, authorization: `Bearer ${token}` },
    payload: part.payload,
  });
  return { status: res.statusCode, json: res.json() };
}

describe('my profile', () => {
  it('changes the name at once and the e-mail only with the password, refusing a taken address', async () => {
    const me = await app.signIn('user');
    const other = await app.signIn('user');
    const withoutPassword = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: me.token,
      body: { data: { type: 'profile', attributes: { name: 'New Name', email: 'Fresh@Example.com' } } },
    });
    expect(withoutPassword.status).toBe(422);
    expect(withoutPassword.json.errors[0]).toMatchObject({
      code: 'currentPasswordRequired',
      source: { pointer: '/data/attributes/current_password' },
    });
    const ok = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: me.token,
      body: {
        data: {
          type: 'profile',
          attributes: { name: 'New Name', email: 'Fresh@Example.com', current_password: PASSWORD },
        },
      },
    });
    expect(ok.status).toBe(200);
    // The address changes only when the link mailed to it is opened.
    expect(ok.json.data.attributes).toMatchObject({ name: 'New Name', email: me.email });
    expect(ok.json.meta).toEqual({ pending_email: 'fresh@example.com' });
    const taken = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: me.token,
      body: { data: { type: 'profile', attributes: { email: other.email, current_password: PASSWORD } } },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.errors[0].code).toBe('emailExists');
    const empty = await app.request({
      method: 'PATCH',
      url: '/api/v2/me',
      token: me.token,
      body: { data: { type: 'profile', attributes: { name: ' ' } } },
    });
    expect(empty.json.errors[0]).toMatchObject({
      code: 'ownNameRequired',
      source: { pointer: '/data/attributes/name' },
    });
    const guest = await app.signIn('guest');
    expect(
      (
        await app.request({
          method: 'PATCH',
          url: '/api/v2/me',
          token: guest.token,
          body: { data: { type: 'profile', attributes: { name: 'G' } } },
        })
      ).status,
    ).toBe(403);
  });

  it('changes the password only with the right current one and ends the other sessions', async () => {
    const me = await app.signIn('adminuser');
    const other = (
      await app.request({ method: 'POST', url: '/api/v2/login', body: { email: me.email, password: PASSWORD } })
    ).json.meta.access_token;
    const wrong = await app.request({
      method: 'POST',
      url: '/api/v2/change',
      token: me.token,
      body: { cpsd: 'not-it', npsd: 'new-password-1', npsd_confirmation: 'new-password-1' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors[0]).toMatchObject({
      code: 'currentPasswordIssue',
      detail: 'Issue In Current Password!',
      source: { pointer: '/cpsd' },
    });
    const mismatch = await app.request({
      method: 'POST',
      url: '/api/v2/change',
      token: me.token,
      body: { cpsd: PASSWORD, npsd: 'new-password-1', npsd_confirmation: 'other' },
    });
    expect(mismatch.json.errors[0].code).toBe('passwordsMismatch');
    const ok = await app.request({
      method: 'POST',
      url: '/api/v2/change',
      token: me.token,
      body: { cpsd: PASSWORD, npsd: 'new-password-1', npsd_confirmation: 'new-password-1' },
    });
    expect(ok.status).toBe(200);
    expect((await app.request({ method: 'GET', url: '/api/v2/me', token: me.token })).status).toBe(200);
    expect((await app.request({ method: 'GET', url: '/api/v2/me', token: other })).status).toBe(401);
    expect(
      (
        await app.request({
          method: 'POST',
          url: '/api/v2/login',
          body: { email: me.email, password: 'new-password-1' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('company profile', () => {
  it('is read and saved by admin and adminuser of the company, with docs/product.md §7 rules', async () => {
    const admin = await app.signIn('admin');
    const adminuser = await app.signIn('adminuser', { customerId: admin.customerId! });
    const attributes = {
      company_name: 'ACME GmbH',
      address: 'Hauptstr. 1',
      pin: '10115',
      city: 'Berlin',
      phone: '+49 30 123456',
      company_email: 'Info@Acme.de',
      bank: 'Bank',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
    };
    const saved = await app.request({
      method: 'PATCH',
      url: '/api/v2/profile',
      token: adminuser.token,
      body: { data: { type: 'profile', attributes } },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.attributes).toMatchObject({
      company_email: 'info@acme.de',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
    const read = await app.request({ method: 'GET', url: '/api/v2/profile', token: admin.token });
    expect(read.json.data.attributes.company_name).toBe('ACME GmbH');

    const bad = await app.request({
      method: 'PATCH',
      url: '/api/v2/profile',
      token: admin.token,
      body: {
        data: {
          type: 'profile',
          attributes: { ...attributes, iban: 'DE89370400440532013001', pin: '', phone: '', company_email: 'nope' },
        },
      },
    });
    expect(bad.status).toBe(422);
    const codes = Object.fromEntries(
      bad.json.errors.map((e: { source: { pointer: string }; code: string }) => [
        e.source.pointer.split('/').pop(),
        e.code,
      ]),
    );
    expect(codes).toEqual({
      iban: 'ibanInvalid',
      pin: 'pinRequired',
      phone: 'phoneRequired',
      company_email: 'emailInvalid',
    });
    expect(
      (await app.request({ method: 'GET', url: '/api/v2/profile', token: admin.token })).json.data.attributes.iban,
    ).toBe('DE89370400440532013000');

    const cleared = await app.request({
      method: 'PATCH',
      url: '/api/v2/profile',
      token: admin.token,
      body: { data: { type: 'profile', attributes: { iban: '', bank: '' } } },
    });
    expect(cleared.json.data.attributes).toMatchObject({ iban: null, bank: null });

    for (const role of ['user', 'guest', 'super'] as const) {
      const { token } = await app.signIn(role);
      expect((await app.request({ method: 'GET', url: '/api/v2/profile', token })).status, role).toBe(403);
      expect(
        (
          await app.request({
            method: 'PATCH',
            url: '/api/v2/profile',
            token,
            body: { data: { type: 'profile', attributes } },
          })
        ).status,
        role,
      ).toBe(403);
    }
  });
});

describe('avatar upload', () => {
  it('accepts an image by its content, serves it safely, and lets only its owner change it', async () => {
    const me = await app.signIn('user');
    const ok = await upload(me.token, me.userId, multipart('attachment', 'me.bin', 'application/octet-stream', PNG));
    expect(ok.status).toBe(200);
    expect(ok.json.meta.url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    const served = await app.app.inject({ method: 'GET', url: ok.json.meta.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const disguised = await upload(
      me.token,
      me.userId,
      multipart('attachment', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
    );
    expect(disguised.status).toBe(415);
    expect(disguised.json.errors[0].code).toBe('imageType');
    const empty = await upload(me.token, me.userId, multipart('attachment', 'empty.png', 'image/png', Buffer.alloc(0)));
    expect(empty.status).toBe(422);
    const big = await upload(
      me.token,
      me.userId,
      multipart('attachment', 'big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])),
    );
    expect(big.status).toBe(413);
    expect(big.json.errors[0].code).toBe('imageTooLarge');
    const wrongField = await upload(me.token, me.userId, multipart('file', 'me.png', 'image/png', PNG));
    expect(wrongField.status).toBe(422);

    const other = await app.signIn('user');
    expect((await upload(other.token, me.userId, multipart('attachment', 'x.png', 'image/png', PNG))).status).toBe(404);
    const json = await app.request({
      method: 'POST',
      url: `/api/v2/uploads/users/${me.userId}/profile-image`,
      token: me.token,
      body: { attachment: 'x' },
    });
    expect(json.status).toBe(415);

    // The refused uploads left the first image in place; removing it deletes the file.
    const mine = await app.request({ method: 'GET', url: '/api/v2/me', token: me.token });
    expect(mine.json.data.attributes.avatar_url).toBe(ok.json.meta.url);
    expect(
      (
        await app.request({
          method: 'DELETE',
          url: `/api/v2/uploads/users/${me.userId}/profile-image`,
          token: me.token,
        })
      ).status,
    ).toBe(204);
    expect((await app.app.inject({ method: 'GET', url: ok.json.meta.url })).statusCode).toBe(404);
  });

  it('refuses a file whose image header is valid but whose data does not decode', async () => {
    const me = await app.signIn('user');
    const square = () => sharp({ create: { width: 32, height: 32, channels: 3, background: '#0d6e65' } });
    const images = {
      png: await square().png().toBuffer(),
      jpg: await square().jpeg().toBuffer(),
      webp: await square().webp().toBuffer(),
      gif: await square().gif().toBuffer(),
    };
    for (const [ext, bytes] of Object.entries(images)) {
      const whole = await upload(me.token, me.userId, multipart('attachment', `me.${ext}`, 'image/*', bytes));
      expect(whole.status, ext).toBe(200);
      expect(whole.json.meta.url, ext).toMatch(new RegExp(`\\.${ext}$`));
      const truncated = bytes.subarray(0, Math.floor(bytes.length * 0.6));
      const garbage = Buffer.concat([bytes.subarray(0, 16), Buffer.alloc(200, 0x5a)]);
      for (const broken of [truncated, garbage]) {
        const refused = await upload(me.token, me.userId, multipart('attachment', `me.${ext}`, 'image/*', broken));
        expect(refused.status, ext).toBe(422);
        expect(refused.json.errors[0].code, ext).toBe('imageCorrupt');
        expect(refused.json.errors[0].source.pointer).toBe('/attachment');
      }
      // The refused files changed nothing: the last whole image is still the avatar.
      const mine = await app.request({ method: 'GET', url: '/api/v2/me', token: me.token });
      expect(mine.json.data.attributes.avatar_url, ext).toBe(whole.json.meta.url);
    }
  });
});
