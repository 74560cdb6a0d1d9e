import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPaddleBody } from '../../api/src/modules/billing/paddle-signature';
import { SUPER_EMAIL, SUPER_PASSWORD, type Stack, startStack } from './harness';

const SECRET = 'pdl_ntfset_e2e_secret';
const PRICE = 'pri_e2e_phonebot';
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    env: {
      PADDLE_CLIENT_TOKEN: 'test_e2e_client_token',
      PADDLE_PRICE_ID: PRICE,
      PADDLE_WEBHOOK_SECRET: SECRET,
      PADDLE_ENV: 'sandbox',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

async function unpaidPhonebot(on: Stack, email: string) {
  const admin = await on.createAdmin({ name: 'Billing Owner', email, password: 'billing-password' });
  const created = await on.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung: 'To pay' } } },
    admin.token,
  );
  return created.json.meta.license_Key as string;
}

describe('paying a phonebot by card', () => {
  it('offers the checkout at payment status 0, loads Paddle.js from its CDN and says clearly when it cannot', async () => {
    const licenseKey = await unpaidPhonebot(stack, 'payer@example.com');
    const { context, page } = await stack.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('paddle.com')) requested.push(request.url());
    });
    await stack.login(page, 'payer@example.com', 'billing-password');
    await page.waitForURL('**/viewcalllogs');
    await page.goto(`/editvbot/${licenseKey}`);
    await page.getByText('Payment status: inactive').waitFor();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    // This machine cannot reach Paddle's CDN: the request is made, and the user is told what went wrong.
    await page
      .getByText('The payment provider could not be loaded. Check your internet connection and try again.')
      .waitFor();
    expect(requested).toContain('https://cdn.paddle.com/paddle/v2/paddle.js');

    // The webhook marks it paid; the badge turns active without a reload.
    const checkout = await stack.api(
      'POST',
      `/phonebots/${licenseKey}/checkout`,
      undefined,
      (await stack.api('POST', '/login', { email: 'payer@example.com', password: 'billing-password' })).json.meta
        .access_token,
    );
    const event = JSON.stringify({
      event_id: 'evt_e2e_1',
      event_type: 'subscription.activated',
      occurred_at: new Date().toISOString(),
      data: {
        id: 'sub_e2e',
        status: 'active',
        custom_data: checkout.json.meta.custom_data,
        items: [{ price: { id: PRICE } }],
      },
    });
    const hook = await fetch(`${stack.baseUrl}/api/v2/billing/paddle-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paddle-signature': signPaddleBody(event, SECRET) },
      body: event,
    });
    expect(hook.status).toBe(200);
    await page.getByText('Payment status: active').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Pay by card' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('lets the super start the checkout of a customer’s phonebot from Update Phonebot', async () => {
    const licenseKey = await unpaidPhonebot(stack, 'customer-of-super@example.com');
    const { context, page } = await stack.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('paddle.com')) requested.push(request.url());
    });
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`/phonebots/${licenseKey}/checkout`)) answers.push(response.status());
    });
    await stack.login(page, SUPER_EMAIL, SUPER_PASSWORD);
    await page.waitForURL('**/myprofile');
    await page.goto(`/editphonebot/${licenseKey}`);
    await page.getByText('Payment status: inactive').waitFor();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page
      .getByText('The payment provider could not be loaded. Check your internet connection and try again.')
      .waitFor();
    // The server offered the checkout to the super; only the provider's script is out of reach here.
    expect(answers).toEqual([200]);
    expect(requested).toContain('https://cdn.paddle.com/paddle/v2/paddle.js');
    await context.close();
  });
});
