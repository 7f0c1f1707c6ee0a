import { useState } from 'react';
import { Badge, Button, Collapse, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { OfferTestResult } from '@pxl/contract/leads/leads.schemas';
import { NoneText } from '@/components/ui/plain-table.tsx';
import { RESULTS } from './attempt-results.ts';
import { ExchangeView } from './exchange-view.tsx';
import { ParsedAnswer } from './parsed-answer.tsx';

type Step = OfferTestResult['steps'][number];

function StepBody({ step }: { step: Step }) {
  const [open, setOpen] = useState(false);
  const look = RESULTS[step.result];
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
          {step.product.name}
        </Text>
        <Badge size="sm" variant="light" color={look.color}>
          {look.label}
        </Badge>
        <Text size="xs" c="dimmed">
          priority {step.priority}
        </Text>
      </Group>
      {step.detail && (
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {step.detail}
        </Text>
      )}
      {step.attempt && (
        <>
          <Button
            variant="subtle"
            size="compact-xs"
            w="fit-content"
            px={0}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          >
            {open ? 'Hide' : 'Show'} request and response
          </Button>
          <Collapse expanded={open}>
            <Stack gap="sm" pt={4}>
              <ParsedAnswer attempt={step.attempt} />
              <ExchangeView exchange={step.attempt} />
            </Stack>
          </Collapse>
        </>
      )}
    </Stack>
  );
}

/** The waterfall as it ran: each product in turn, skipped or sent to, and how it answered. */
export function RoutingSteps({ steps }: { steps: Step[] }) {
  if (steps.length === 0) return <NoneText>No product was tried.</NoneText>;
  return (
    <Timeline
      bulletSize={16}
      lineWidth={2}
      active={steps.length - 1}
      aria-label="Routing steps"
      data-testid="routing-steps"
    >
      {steps.map((step, i) => (
        <Timeline.Item key={`${i}-${step.product.uuid}`} color={RESULTS[step.result].color} data-result={step.result}>
          <StepBody step={step} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
