import type { ReactNode } from 'react';
import { Accordion, Badge, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { AnswerEditor } from './answer-editor.tsx';
import { CallEditor } from './call-editor.tsx';
import { sectionsWithErrors } from './integration-errors.ts';
import { leadCallMacros, pullCallMacros } from './integration-macros.ts';
import type { IntegrationValues } from './integration-values.ts';
import { LookupEditor } from './lookup-editor.tsx';
import type { SandboxValues } from './product-form-values.ts';
import { PullEditor } from './pull-editor.tsx';
import { SandboxRulesEditor } from './sandbox-rules-editor.tsx';

/** Accordion items, named by the body path they edit, so a failed save can open the ones holding errors. */
export const INTEGRATION_SECTIONS = [
  'sandbox_rules',
  'integration.push',
  'integration.answer',
  'integration.lookup',
  'integration.pull',
] as const;

const P = 'integration.push';
const short = (url: string) => url.replace(/^https?:\/\//, '');

function Item({
  value,
  title,
  summary,
  failed,
  children,
}: {
  value: string;
  title: string;
  summary: string;
  failed: boolean;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
            {title}
          </Text>
          <Text size="xs" c="dimmed" truncate style={{ flex: 1, minWidth: 0 }}>
            {summary}
          </Text>
          {failed && (
            <Badge size="xs" color="red" variant="light">
              Check
            </Badge>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

/** The product's integration template (and the sandbox buyer's rules) in collapsible parts. */
export function IntegrationSection({
  type,
  integration,
  sandbox,
  onIntegration,
  onSandbox,
  errors,
  credentialNames,
  geoOptions,
  opened,
  onOpened,
}: {
  type: string;
  integration: IntegrationValues;
  sandbox: SandboxValues;
  onIntegration: (patch: Partial<IntegrationValues>) => void;
  onSandbox: (patch: Partial<SandboxValues>) => void;
  errors: FieldErrors;
  credentialNames: string[];
  geoOptions: { value: string; label: string }[];
  opened: string[];
  onOpened: (opened: string[]) => void;
}) {
  const failed = new Set(sectionsWithErrors(errors, INTEGRATION_SECTIONS));
  const { push, answer, lookup, pull } = integration;
  const leadMacros = leadCallMacros(credentialNames);
  return (
    <Accordion multiple variant="contained" value={opened} onChange={onOpened} chevronPosition="left">
      {type === 'sandbox' && (
        <Item
          value="sandbox_rules"
          title="Sandbox buyer"
          failed={failed.has('sandbox_rules')}
          summary={`${sandbox.accept_countries.length ? sandbox.accept_countries.join(', ') : 'every country'}, FTD ${sandbox.ftd_percent}%`}
        >
          <SandboxRulesEditor value={sandbox} onChange={onSandbox} errors={errors} geoOptions={geoOptions} />
        </Item>
      )}
      <Item value={P} title="Push call" summary={`${push.method} ${short(push.url)}`} failed={failed.has(P)}>
        <Stack gap="sm">
          <CallEditor
            label="Push"
            value={push}
            onChange={(patch) => onIntegration({ push: { ...push, ...patch } })}
            path={P}
            errors={errors}
            methods={['POST', 'PUT', 'GET']}
            macros={leadMacros}
            when="for each lead sent"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label="Timeout (ms)"
              description="Then the lead is looked up, never sent on blindly"
              min={500}
              max={60_000}
              step={500}
              allowDecimal={false}
              value={push.timeout_ms}
              error={errors[`${P}.timeout_ms`]}
              onChange={(timeout_ms) => onIntegration({ push: { ...push, timeout_ms } })}
            />
            <NumberInput
              label="Concurrent sends"
              description="Beyond it the product is skipped"
              min={1}
              max={500}
              allowDecimal={false}
              value={push.concurrency}
              error={errors[`${P}.concurrency`]}
              onChange={(concurrency) => onIntegration({ push: { ...push, concurrency } })}
            />
          </SimpleGrid>
        </Stack>
      </Item>
      <Item
        value="integration.answer"
        title="Reading the answer"
        failed={failed.has('integration.answer')}
        summary={`codes ${answer.success_status.join(', ') || '—'}${answer.success_path ? ` · path ${answer.success_path}` : ''}`}
      >
        <AnswerEditor
          value={answer}
          onChange={(patch) => onIntegration({ answer: { ...answer, ...patch } })}
          errors={errors}
        />
      </Item>
      <Item
        value="integration.lookup"
        title="Lookup after a timeout"
        failed={failed.has('integration.lookup')}
        summary={integration.lookup_enabled ? `${lookup.method} ${short(lookup.url)}` : 'off'}
      >
        <LookupEditor
          enabled={integration.lookup_enabled}
          value={lookup}
          errors={errors}
          macros={leadMacros}
          onEnabled={(lookup_enabled) => onIntegration({ lookup_enabled })}
          onChange={(patch) => onIntegration({ lookup: { ...lookup, ...patch } })}
        />
      </Item>
      <Item
        value="integration.pull"
        title="Status pull"
        failed={failed.has('integration.pull')}
        summary={
          pull.enabled ? `every ${pull.interval_minutes || '?'} min, ${pull.status_map.length} statuses mapped` : 'off'
        }
      >
        <PullEditor
          value={pull}
          onChange={(patch) => onIntegration({ pull: { ...pull, ...patch } })}
          errors={errors}
          macros={pullCallMacros(credentialNames)}
        />
      </Item>
    </Accordion>
  );
}
