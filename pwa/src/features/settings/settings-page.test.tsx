import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AdminSettings } from '@shared/contracts/settings.js';
import { REGISTER_MESSAGES } from '@shared/contracts/lodger-register.js';
import { SETTINGS_MESSAGES } from '@shared/contracts/settings.js';
import { users } from '@/test/fixtures.js';
import { server } from '@/test/server.js';
import { renderStaffPage } from '@/test/render-staff-page.js';
import { SettingsPage } from './settings-page.js';

const stored = (over: Partial<AdminSettings> = {}) =>
  AdminSettings.parse({
    lodgeName: 'Marula Ridge Lodge',
    tagline: 'Private Game Lodge',
    shortDescription: null,
    contactEmail: 'stay@marula.test',
    contactPhone: '+27 15 555 0100',
    whatsappNumber: null,
    address: 'Klaserie Private Nature Reserve, Limpopo',
    directions: null,
    latitude: -24.35,
    longitude: 31.55,
    checkInTime: '14:00',
    checkOutTime: '10:00',
    emergencyMedicalPhone: '10177',
    emergencyPolicePhone: '10111',
    bankName: 'First National Bank',
    accountNumber: '62841057723',
    branchCode: '250655',
    accountHolder: 'Lodge (Pty) Ltd',
    paystackPublicKey: 'pk_test_abc',
    paystackSecretKeySet: true,
    paystackSecretKeyMasked: 'sk_test_••••1234',
    allowEFTPayments: true,
    allowCardPayments: true,
    cardPaymentDiscount: '5.00',
    eftHoldDurationHours: 48,
    maxStayNights: 30,
    bookingHorizonDays: 730,
    weatherApiKeySet: false,
    weatherApiKeyMasked: null,
    mapEmbedCode: null,
    heroBackgroundImage: null,
    paystackStatus: 'connected',
    paystackTestedAt: '2026-01-05T07:30:00.000Z',
    showKeysWarning: false,
    unbookableTypeDisplay: 'coming-soon',
    legalName: null,
    physicalAddress: null,
    vatRegistered: false,
    vatNumber: null,
    tourismLevyPercent: 0,
    depositPercent: 100,
    balanceDueDays: 30,
    reminderDays: 7,
    cancellationPolicy: [
      { daysBeforeArrival: 30, refundPercent: 100 },
      { daysBeforeArrival: 14, refundPercent: 50 },
      { daysBeforeArrival: 0, refundPercent: 0 },
    ],
    registerRetentionMonths: 24,
    registerCheckInRule: 'warn',
    earlyDepartureCharge: 'none',
    version: 3,
    ...over,
  });

const WARNING = 'Use test keys (pk_test_ and sk_test_) in development and live keys (pk_live_ and sk_live_) only in production.';

describe('lodge settings', () => {
  it('shows a manager the gateway status and no keys warning, read-only until Edit Settings', async () => {
    server.use(http.get('/api/admin/settings', () => HttpResponse.json(stored())));
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    expect(await screen.findByText('Connected and configured')).toBeInTheDocument();
    // 07:30 UTC is 09:30 at the lodge.
    expect(screen.getByText('Tested Jan 05, 09:30')).toBeInTheDocument();
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Paystack Secret Key')).toHaveValue('sk_test_••••1234');
    expect(screen.getByLabelText('Paystack Public Key')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    expect(screen.getByLabelText('Paystack Public Key')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(screen.getByLabelText('Paystack Public Key')).toBeDisabled();
  });

  it('shows a superadmin the keys warning, and Not configured without a secret key', async () => {
    server.use(http.get('/api/admin/settings', () => HttpResponse.json(stored({ showKeysWarning: true, paystackSecretKeySet: false, paystackSecretKeyMasked: null, paystackStatus: 'not_configured', paystackTestedAt: null }))));
    renderStaffPage(<SettingsPage />, { user: users.superAdmin, path: '/admin/settings' });
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
    expect(screen.getByText('Not configured')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test Connection' })).toBeDisabled();
  });

  it("refuses out-of-range numbers with the contract's messages, then saves keeping the masked key", { timeout: 90_000 }, async () => {
    const saved: Record<string, unknown>[] = [];
    let current = stored();
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(current)),
      http.put('/api/admin/settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        current = stored({ allowCardPayments: false, cardPaymentDiscount: '0.00', version: 4 });
        return HttpResponse.json(current);
      }),
      http.get('/api/public/settings', () => HttpResponse.json({})),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    await user.click(await screen.findByRole('button', { name: 'Edit Settings' }));
    fireEvent.change(screen.getByLabelText('Card Payment Discount (%)'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('EFT Hold Duration (hours)'), { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('Paystack Public Key'), { target: { value: 'sk_wrong' } });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByText('Card payment discount must be between 0 and 100')).toBeInTheDocument();
    expect(screen.getByText('EFT hold duration must be between 1 and 168 hours')).toBeInTheDocument();
    expect(screen.getByText('Public key must start with pk_')).toBeInTheDocument();
    expect(saved).toEqual([]);

    fireEvent.change(screen.getByLabelText('Card Payment Discount (%)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('EFT Hold Duration (hours)'), { target: { value: '24' } });
    fireEvent.change(screen.getByLabelText('Paystack Public Key'), { target: { value: 'pk_test_abc' } });
    await user.click(screen.getByRole('switch', { name: 'Card Payments' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(screen.getByText('Lodge settings have been saved successfully!')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ allowCardPayments: false, allowEFTPayments: true, cardPaymentDiscount: '0', eftHoldDurationHours: 24, paystackPublicKey: 'pk_test_abc', version: 3 });
    // The masked key was left untouched: it is not sent, so the stored key stays.
    expect(saved[0]).not.toHaveProperty('paystackSecretKey');
    expect(saved[0]).not.toHaveProperty('weatherApiKey');
    // Back to view mode.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Settings' })).toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Card Payments' })).not.toBeChecked();
  });

  it('saves how types without active units show on the public site (General)', { timeout: 60_000 }, async () => {
    const saved: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(stored())),
      http.put('/api/admin/settings', async ({ request }) => {
        saved.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(stored({ unbookableTypeDisplay: 'hidden', version: 4 }));
      }),
      http.get('/api/public/settings', () => HttpResponse.json({})),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    await user.click(await screen.findByRole('tab', { name: 'General Settings' }));
    const display = screen.getByRole('combobox', { name: 'Accommodation types without active units' });
    expect(display).toHaveTextContent('Show as "Coming soon"');
    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await user.click(screen.getByRole('combobox', { name: 'Accommodation types without active units' }));
    await user.click(await screen.findByRole('option', { name: 'Hide from the public site' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ unbookableTypeDisplay: 'hidden', version: 3 });
  });

  it('shows the result of Test Connection, and the status line follows it', async () => {
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(stored({ paystackStatus: 'untested', paystackTestedAt: null }))),
      http.post('/api/admin/settings/test-paystack', () => HttpResponse.json({ ok: true, message: 'Paystack connection test successful!', paystackStatus: 'connected' })),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    expect(await screen.findByTestId('paystack-status')).toHaveTextContent('Key saved, not tested');
    expect(screen.queryByText(/^Tested /)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Connection Test')).toBeInTheDocument();
    expect(screen.getByText('Paystack connection test successful!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('paystack-status')).toHaveTextContent('Connected and configured'));
  });

  it('says Connection failed after a failed test, and the toast gives the reason', async () => {
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(stored({ paystackStatus: 'untested', paystackTestedAt: null }))),
      http.post('/api/admin/settings/test-paystack', () =>
        HttpResponse.json({ ok: false, message: 'Failed to connect to Paystack: Invalid key', paystackStatus: 'failed' }),
      ),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    await user.click(await screen.findByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Failed to connect to Paystack: Invalid key')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('paystack-status')).toHaveTextContent('Connection failed'));
    expect(screen.queryByText('Connected and configured')).not.toBeInTheDocument();
  });

  it('checks a chosen hero picture: too large, then not a picture', { timeout: 90_000 }, async () => {
    server.use(http.get('/api/admin/settings', () => HttpResponse.json(stored())));
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    await user.click(await screen.findByRole('tab', { name: 'Site Appearance' }));
    const input = screen.getByLabelText('Choose Image', { selector: 'input' });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File Too Large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 10MB')).toBeInTheDocument();
    const text = new File(['hello'], 'notes.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [text] } });
    expect(await screen.findByText('Invalid File Type')).toBeInTheDocument();
    expect(screen.getByText('Please select a valid image file (JPG, PNG, or WebP)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('says it needs a connection when the settings cannot be fetched', async () => {
    server.use(http.get('/api/admin/settings', () => HttpResponse.error()));
    renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    expect(await screen.findByText('Lodge Settings needs a connection. It will be available when this device is back online.')).toBeInTheDocument();
    expect(screen.queryByText('Loading settings...')).not.toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("the Lodge tab (?tab=lodge) edits the identity: the contract's messages, then a save of the fields as typed", async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(stored())),
      http.put('/api/admin/settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        return HttpResponse.json(stored({ lodgeName: String(body.lodgeName), checkInTime: String(body.checkInTime), version: 4 }));
      }),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings?tab=lodge' });
    await screen.findByRole('form', { name: 'Lodge details' });
    // Edit Settings remounts the form: always the current one.
    const form = {
      getByLabelText: (l: string | RegExp) => within(screen.getByRole('form', { name: 'Lodge details' })).getByLabelText(l),
      getByText: (t: string) => within(screen.getByRole('form', { name: 'Lodge details' })).getByText(t),
      findByText: (t: string) => within(screen.getByRole('form', { name: 'Lodge details' })).findByText(t),
    };
    expect(screen.getByRole('tab', { name: 'Lodge' })).toHaveAttribute('aria-selected', 'true');
    expect(form.getByLabelText(/Lodge Name/)).toHaveValue('Marula Ridge Lodge');
    expect(form.getByLabelText('Check-out Time')).toHaveValue('10:00');
    // Read-only until Edit Settings, like the other tabs.
    expect(form.getByLabelText(/Lodge Name/)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    expect(form.getByLabelText(/Lodge Name/)).toBeEnabled();

    await user.clear(form.getByLabelText(/Lodge Name/));
    await user.clear(form.getByLabelText('Latitude'));
    await user.type(form.getByLabelText('Latitude'), '95');
    await user.clear(form.getByLabelText('Contact E-mail'));
    await user.type(form.getByLabelText('Contact E-mail'), 'stay at marula');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await form.findByText('Lodge name is required')).toBeInTheDocument();
    expect(form.getByText('Latitude must be between -90 and 90')).toBeInTheDocument();
    expect(form.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.type(form.getByLabelText(/Lodge Name/), 'Nyala Pan Lodge');
    await user.clear(form.getByLabelText('Latitude'));
    await user.type(form.getByLabelText('Latitude'), '-24.5');
    await user.clear(form.getByLabelText('Contact E-mail'));
    await user.type(form.getByLabelText('Contact E-mail'), 'desk@nyala.example.com');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Settings' })).toBeInTheDocument());
    expect(saved).toEqual([
      expect.objectContaining({ lodgeName: 'Nyala Pan Lodge', latitude: '-24.5', contactEmail: 'desk@nyala.example.com', checkInTime: '14:00', version: 3 }),
    ]);
  });
});

describe('deposits and the cancellation policy (Payment Gateway)', () => {
  it('shows the stored values and the policy in words, edits a tier, adds and removes one, and saves them', { timeout: 90_000 }, async () => {
    const saved: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(stored())),
      http.put('/api/admin/settings', async ({ request }) => {
        saved.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(stored({ depositPercent: 30, version: 4 }));
      }),
      http.get('/api/public/settings', () => HttpResponse.json({})),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    expect(await screen.findByLabelText('Deposit (%)')).toHaveValue(100);
    expect(screen.getByLabelText('Balance due (days before arrival)')).toHaveValue(30);
    expect(screen.getByLabelText('Reminder (days before the due date)')).toHaveValue(7);
    // Edit Settings remounts the form: read the words afresh each time.
    const words = () => screen.getByTestId('policy-words');
    expect(words()).toHaveTextContent('Cancel 30 or more days before arrival: everything you have paid is refunded.');
    expect(words()).toHaveTextContent('Cancel 14 to 29 days before arrival: 50% of what you have paid is refunded.');
    expect(words()).toHaveTextContent('Cancel fewer than 14 days before arrival: no refund.');
    // Existing texts of the tab stay.
    expect(screen.getByLabelText('Card Payment Discount (%)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    fireEvent.change(screen.getByLabelText('Deposit (%)'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Balance due (days before arrival)'), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText('Reminder (days before the due date)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Tier 2: refund percent'), { target: { value: '40' } });
    expect(words()).toHaveTextContent('Cancel 14 to 29 days before arrival: 40% of what you have paid is refunded.');
    await user.click(screen.getByRole('button', { name: 'Remove tier 3' }));
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    fireEvent.change(screen.getByLabelText('Tier 3: days before arrival'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Tier 3: refund percent'), { target: { value: '100' } });
    expect(words()).toHaveTextContent('Cancel 60 or more days before arrival: everything you have paid is refunded.');
    expect(words()).toHaveTextContent('Cancel fewer than 14 days before arrival: no refund.');

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      depositPercent: 30,
      balanceDueDays: 45,
      reminderDays: 10,
      cancellationPolicy: [
        { daysBeforeArrival: 60, refundPercent: 100 },
        { daysBeforeArrival: 30, refundPercent: 100 },
        { daysBeforeArrival: 14, refundPercent: 40 },
      ],
    });
  });

  it("refuses bad values with the contract's messages before saving", { timeout: 90_000 }, async () => {
    const saved: unknown[] = [];
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(stored())),
      http.put('/api/admin/settings', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(stored());
      }),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    await user.click(await screen.findByRole('button', { name: 'Edit Settings' }));
    fireEvent.change(screen.getByLabelText('Deposit (%)'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Balance due (days before arrival)'), { target: { value: '181' } });
    fireEvent.change(screen.getByLabelText('Tier 2: days before arrival'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Tier 3: refund percent'), { target: { value: '120' } });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByText('Deposit must be a whole percent between 1 and 100')).toBeInTheDocument();
    expect(screen.getByText('Balance due days must be a whole number between 0 and 180')).toBeInTheDocument();
    expect(screen.getByText('Refund percent must be a whole number between 0 and 100')).toBeInTheDocument();
    expect(screen.getByTestId('policy-words')).toHaveTextContent('Complete the tiers above to see the policy in words.');
    expect(saved).toEqual([]);
  });

  it("shows the API's 400 under the field it names", { timeout: 60_000 }, async () => {
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(stored())),
      http.put('/api/admin/settings', () =>
        HttpResponse.json(
          {
            message: 'reminderDays: Reminder days must be a whole number between 0 and 60',
            errors: {
              reminderDays: 'Reminder days must be a whole number between 0 and 60',
              cancellationPolicy: 'Each cancellation tier must have a different number of days before arrival',
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings' });
    await user.click(await screen.findByRole('button', { name: 'Edit Settings' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const reminder = screen.getByLabelText('Reminder (days before the due date)');
    await waitFor(() => expect(reminder).toHaveAccessibleDescription('Reminder days must be a whole number between 0 and 60'));
    expect(reminder).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Each cancellation tier must have a different number of days before arrival', { selector: 'p[role="alert"]' }),
    ).toBeInTheDocument();
  });

  it("the Lodge tab keeps the register's retention and check-in rule: the law's hint, the contract's message, the server's field error under its field", async () => {
    const saved: Record<string, unknown>[] = [];
    let refuseNext = true;
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(stored())),
      http.put('/api/admin/settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        if (refuseNext) {
          refuseNext = false;
          return HttpResponse.json({ message: 'Validation failed', errors: { registerCheckInRule: REGISTER_MESSAGES.checkInRule } }, { status: 400 });
        }
        return HttpResponse.json(stored({ registerRetentionMonths: 36, registerCheckInRule: 'refuse', version: 4 }));
      }),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings?tab=lodge' });
    const section = within(await screen.findByRole('region', { name: 'Register of Lodgers' }));
    expect(section.getByLabelText('Register retention (months)')).toHaveValue(24);
    expect(section.getByText('24 to 120; the law requires at least 24 months')).toBeInTheDocument();
    expect(section.getByRole('combobox', { name: 'Check-in with the register incomplete' })).toHaveTextContent('Allow with a warning');

    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    const fresh = () => within(screen.getByRole('region', { name: 'Register of Lodgers' }));
    await user.clear(fresh().getByLabelText('Register retention (months)'));
    await user.type(fresh().getByLabelText('Register retention (months)'), '12');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await fresh().findByText(REGISTER_MESSAGES.retentionMonths)).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.clear(fresh().getByLabelText('Register retention (months)'));
    await user.type(fresh().getByLabelText('Register retention (months)'), '36');
    await user.click(fresh().getByRole('combobox', { name: 'Check-in with the register incomplete' }));
    await user.click(await screen.findByRole('option', { name: 'Refuse' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await fresh().findByText(REGISTER_MESSAGES.checkInRule)).toBeInTheDocument();
    expect(saved.at(-1)).toEqual(expect.objectContaining({ registerRetentionMonths: '36', registerCheckInRule: 'refuse', version: 3 }));

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(saved).toHaveLength(2);
  });

  it('the Lodge tab says in plain words what an early departure does with the nights released, and saves the choice', async () => {
    const saved: Record<string, unknown>[] = [];
    let refuseNext = true;
    let current = stored();
    server.use(
      http.get('/api/admin/settings', () => HttpResponse.json(current)),
      http.put('/api/admin/settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        if (refuseNext) {
          refuseNext = false;
          return HttpResponse.json({ message: 'Validation failed', errors: { earlyDepartureCharge: SETTINGS_MESSAGES.earlyDepartureCharge } }, { status: 400 });
        }
        current = stored({ earlyDepartureCharge: 'full', version: 4 });
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderStaffPage(<SettingsPage />, { user: users.manager, path: '/admin/settings?tab=lodge' });
    const section = () => within(screen.getByRole('region', { name: 'Early Departures' }));
    await screen.findByRole('region', { name: 'Early Departures' });
    expect(section().getByText(/the desk asks whether to release the remaining nights/)).toBeInTheDocument();
    const select = () => section().getByRole('combobox', { name: 'Nights released at an early check-out' });
    expect(select()).toHaveTextContent('Credit them on the folio');
    expect(section().getByText('The nights released are taken off the guest’s folio as a credit')).toBeInTheDocument();
    expect(select()).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await user.click(select());
    await user.click(await screen.findByRole('option', { name: 'Keep charging them' }));
    expect(section().getByText('The guest pays for every night booked, even those released')).toBeInTheDocument();
    // The server's field error shows under the field.
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await section().findByText(SETTINGS_MESSAGES.earlyDepartureCharge)).toBeInTheDocument();
    expect(saved.at(-1)).toEqual(expect.objectContaining({ earlyDepartureCharge: 'full', version: 3 }));

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(saved).toHaveLength(2);
    expect(await screen.findByRole('combobox', { name: 'Nights released at an early check-out' })).toHaveTextContent('Keep charging them');
  });
});
