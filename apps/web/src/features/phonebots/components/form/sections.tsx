import type { ReactNode } from 'react';
import { Fieldset, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CHAT_MODELS,
  PHONEBOT_LIMITS,
  PRODUCT_NAMES,
  SDKS,
  STT_MODELS,
  TRANSCRIPTION_LANGUAGES,
  TRANSMIT_TYPES,
  TTS_MODELS,
  VOICES,
  type PhonebotSecret,
} from '@phonebot/shared/schemas/phonebot';
import { CategoryTermsEditor } from './category-terms-editor';
import { FlagField, NumberField, SecretField, SelectField, TextField } from './fields';
import { usePhonebotFormContext } from './form-context';
import { McpServersEditor } from './mcp-servers-editor';

/** Which secrets are stored (edit form); all false on the add form. */
export type StoredSecrets = Partial<Record<PhonebotSecret, boolean>>;

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend}>
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}

export function GeneralSection() {
  const { t } = useTranslation();
  return (
    <Section legend={t('phonebots.sections.general')}>
      <Grid>
        <TextField name="bezeichnung" />
        <SelectField name="product_name" options={PRODUCT_NAMES} />
      </Grid>
    </Section>
  );
}

export function SipSection({ stored }: { stored: StoredSecrets }) {
  const { t } = useTranslation();
  return (
    <Section legend={t('phonebots.sections.sip')}>
      <Grid>
        <TextField name="sip_benutzername" />
        <SecretField name="sip_passwd" stored={stored.sip_passwd === true} />
        <TextField name="sip_registername" />
        <TextField name="sip_phonenumber" />
        <TextField name="sip_server" />
        <NumberField name="sip_port" min={PHONEBOT_LIMITS.port.min} max={PHONEBOT_LIMITS.port.max} />
        <SelectField name="transmit_type" options={TRANSMIT_TYPES} />
        <TextField name="stun_server" />
        <TextField name="turnserver" />
        <TextField name="OutboundProxy" />
        <TextField name="nat_username" />
        <SecretField name="nat_password" stored={stored.nat_password === true} />
        <SelectField name="sdk" options={SDKS} />
      </Grid>
      <FlagField name="useSRTP" />
    </Section>
  );
}

export function EmailSection({ stored }: { stored: StoredSecrets }) {
  const { t } = useTranslation();
  return (
    <Section legend={t('phonebots.sections.email')}>
      <Grid>
        <TextField name="e_mail_server" />
        <NumberField name="e_mail_server_port" min={PHONEBOT_LIMITS.port.min} max={PHONEBOT_LIMITS.port.max} />
        <TextField name="e_mail_user" />
        <SecretField name="e_mail_passwd" stored={stored.e_mail_passwd === true} />
        <TextField name="e_mail_server_from" />
      </Grid>
      <FlagField name="mail_certifikate_validation" />
    </Section>
  );
}

type ModelsSectionProps = {
  stored: StoredSecrets;
  /** The provider key as the server masks it, shown under the empty input on edit. */
  maskedKey?: string;
};

export function ModelsSection({ stored, maskedKey }: ModelsSectionProps) {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return (
    <Section legend={t('phonebots.sections.models')}>
      <Grid>
        <SelectField name="chatmodel" options={CHAT_MODELS} />
        <SelectField name="sttmodel" options={STT_MODELS} />
        <SelectField name="ttsmodel" options={TTS_MODELS} />
        <SelectField name="voice" options={VOICES} />
        <SecretField
          name="apen_ai_key"
          stored={stored.apen_ai_key === true}
          description={maskedKey ? t('phonebots.form.storedKey', { value: maskedKey }) : undefined}
        />
      </Grid>
      <FlagField name="realtime_api" />
      {/* SPEC §4: these three apply to the realtime API only. */}
      {form.values.realtime_api && (
        <Grid>
          <NumberField
            name="temperature"
            min={PHONEBOT_LIMITS.temperature.min}
            max={PHONEBOT_LIMITS.temperature.max}
            step={0.1}
            decimal
          />
          <NumberField
            name="speed_of_speech"
            min={PHONEBOT_LIMITS.speed.min}
            max={PHONEBOT_LIMITS.speed.max}
            step={0.05}
            decimal
          />
          <SelectField name="transcription_language" options={TRANSCRIPTION_LANGUAGES} />
        </Grid>
      )}
    </Section>
  );
}

export function BehaviourSection() {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return (
    <Section legend={t('phonebots.sections.behaviour')}>
      <Textarea label={t('phonebots.fields.ansagetext')} rows={2} {...form.getInputProps('ansagetext')} />
      <Textarea label={t('phonebots.fields.prompt')} rows={8} {...form.getInputProps('prompt')} />
      <Grid>
        <TextField name="prompturl" type="url" />
        <NumberField name="abort_time" min={PHONEBOT_LIMITS.abortTime.min} max={PHONEBOT_LIMITS.abortTime.max} />
        <TextField name="outbound_list_url" type="url" />
      </Grid>
      <FlagField name="web_log_enabled" />
      <FlagField name="attendedTransfer" />
      <CategoryTermsEditor />
    </Section>
  );
}

export function ToolsSection() {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return (
    <Section legend={t('phonebots.sections.tools')}>
      <Grid>
        <TextField name="flowiseurl" type="url" />
        <TextField name="n8n_url" type="url" />
      </Grid>
      <FlagField name="websearch_openai" />
      <FlagField name="forwarding_through_openai_tool" />
      {/* SPEC §4: the MCP servers are used only when forwarding through the OpenAI tool. */}
      {form.values.forwarding_through_openai_tool && <McpServersEditor />}
    </Section>
  );
}
