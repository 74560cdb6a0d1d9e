import type { ReactNode } from 'react';
import { Fieldset, Grid, SimpleGrid, Stack, Textarea } from '@mantine/core';
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
} from '@phonebot/shared/phonebots';
import { CategoryTermsEditor } from './category-terms-editor';
import { FlagField, NumberField, SecretField, SelectField, TextField } from './fields';
import { usePhonebotFormContext } from './form-context';
import { McpServersEditor } from './mcp-servers-editor';
import { type SectionId, sectionElementId } from './section-index';

/** Which secrets are stored (edit form); all false on the add form. */
export type StoredSecrets = Partial<Record<PhonebotSecret, boolean>>;

/** A group of fields, the target of its link in the section index (clear of the sticky header when jumped to). */
export function Section({ id, legend, children }: { id: SectionId; legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} id={sectionElementId(id)} style={{ scrollMarginTop: 76 }}>
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );
}

/** Fields that belong together, side by side from a tablet's width; one under the other on a phone. */
function Pair({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}

/** A server with its port: the address gets the room, the port a third of it. */
function ServerAndPort({ server, port }: { server: ReactNode; port: ReactNode }) {
  return (
    <Grid gap="md" align="flex-end">
      <Grid.Col span={{ base: 12, sm: 8 }}>{server}</Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>{port}</Grid.Col>
    </Grid>
  );
}

/** On/off settings of a section, in columns. */
function Flags({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

export function GeneralSection() {
  const { t } = useTranslation();
  return (
    <Section id="general" legend={t('phonebots.sections.general')}>
      <Pair>
        <TextField name="bezeichnung" />
        <SelectField name="product_name" options={PRODUCT_NAMES} />
      </Pair>
    </Section>
  );
}

export function SipSection({ stored }: { stored: StoredSecrets }) {
  const { t } = useTranslation();
  return (
    <Section id="sip" legend={t('phonebots.sections.sip')}>
      <ServerAndPort
        server={<TextField name="sip_server" />}
        port={<NumberField name="sip_port" min={PHONEBOT_LIMITS.port.min} max={PHONEBOT_LIMITS.port.max} />}
      />
      <Pair>
        <TextField name="sip_benutzername" />
        <SecretField name="sip_passwd" stored={stored.sip_passwd === true} />
        <TextField name="sip_registername" />
        <TextField name="sip_phonenumber" />
        <SelectField name="transmit_type" options={TRANSMIT_TYPES} />
        <SelectField name="sdk" options={SDKS} />
        <TextField name="stun_server" />
        <TextField name="turnserver" />
        <TextField name="nat_username" />
        <SecretField name="nat_password" stored={stored.nat_password === true} />
        <TextField name="OutboundProxy" />
      </Pair>
      <FlagField name="useSRTP" />
    </Section>
  );
}

export function EmailSection({ stored }: { stored: StoredSecrets }) {
  const { t } = useTranslation();
  return (
    <Section id="email" legend={t('phonebots.sections.email')}>
      <ServerAndPort
        server={<TextField name="e_mail_server" />}
        port={<NumberField name="e_mail_server_port" min={PHONEBOT_LIMITS.port.min} max={PHONEBOT_LIMITS.port.max} />}
      />
      <Pair>
        <TextField name="e_mail_user" />
        <SecretField name="e_mail_passwd" stored={stored.e_mail_passwd === true} />
        <TextField name="e_mail_server_from" />
      </Pair>
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
    <Section id="models" legend={t('phonebots.sections.models')}>
      <Pair>
        <SelectField name="chatmodel" options={CHAT_MODELS} />
        <SelectField name="voice" options={VOICES} />
        <SelectField name="sttmodel" options={STT_MODELS} />
        <SelectField name="ttsmodel" options={TTS_MODELS} />
      </Pair>
      <SecretField
        name="apen_ai_key"
        stored={stored.apen_ai_key === true}
        description={maskedKey ? t('phonebots.form.storedKey', { value: maskedKey }) : undefined}
      />
      <FlagField name="realtime_api" />
      {/* docs/product.md §6: these three apply to the realtime API only. */}
      {form.values.realtime_api && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
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
        </SimpleGrid>
      )}
    </Section>
  );
}

export function BehaviourSection() {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return (
    <Section id="behaviour" legend={t('phonebots.sections.behaviour')}>
      <Textarea label={t('phonebots.fields.ansagetext')} rows={2} autosize {...form.getInputProps('ansagetext')} />
      <Textarea label={t('phonebots.fields.prompt')} rows={8} autosize maxRows={20} {...form.getInputProps('prompt')} />
      <Pair>
        <TextField name="prompturl" type="url" />
        <TextField name="outbound_list_url" type="url" />
        <NumberField name="abort_time" min={PHONEBOT_LIMITS.abortTime.min} max={PHONEBOT_LIMITS.abortTime.max} />
      </Pair>
      <Flags>
        <FlagField name="web_log_enabled" />
        <FlagField name="attendedTransfer" />
      </Flags>
      <CategoryTermsEditor />
    </Section>
  );
}

export function ToolsSection() {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  return (
    <Section id="tools" legend={t('phonebots.sections.tools')}>
      <Pair>
        <TextField name="flowiseurl" type="url" />
        <TextField name="n8n_url" type="url" />
      </Pair>
      <Flags>
        <FlagField name="websearch_openai" />
        <FlagField name="forwarding_through_openai_tool" />
      </Flags>
      {/* docs/product.md §6: the MCP servers are used only when forwarding through the OpenAI tool. */}
      {form.values.forwarding_through_openai_tool && <McpServersEditor />}
    </Section>
  );
}
