import { Anchor, Group, Paper, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChecklistStep } from '@phonebot/shared/users';
import { useChecklist } from '../api';

/** Where each step is done. */
const STEP_LINKS: Record<ChecklistStep, string> = {
  phonebot: '/addvbot',
  runtime: '/vbots',
  call: '/viewcalllogs',
  colleague: '/addusers',
  billing: '/vbots',
};

type FirstStepsProps = {
  /** Whether this user may invite colleagues (Users is the company owner's screen). */
  canInvite: boolean;
};

/**
 * A new company's checklist: each step ticks itself when the company's data shows it done (the server decides), and
 * the list goes away once every step is done.
 */
export function FirstSteps({ canInvite }: FirstStepsProps) {
  const { t } = useTranslation();
  const checklist = useChecklist();
  if (!checklist.isSuccess || checklist.data.complete) return null;

  const { steps } = checklist.data;
  const done = steps.filter((step) => step.done).length;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="first-steps-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={2} id="first-steps-title" fz="h3">
            {t('firstSteps.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('firstSteps.progress', { done, total: steps.length })}
          </Text>
        </Group>
        <Progress value={(done / steps.length) * 100} aria-hidden size="sm" />
        <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {steps.map(({ step, done: stepDone }) => {
            const link = step !== 'colleague' || canInvite ? STEP_LINKS[step] : undefined;
            return (
              <Group
                component="li"
                key={step}
                gap="md"
                wrap="nowrap"
                align="flex-start"
                data-step={step}
                data-done={stepDone}
              >
                <ThemeIcon color={stepDone ? 'green' : 'gray'} variant={stepDone ? 'filled' : 'light'} radius="xl">
                  {stepDone ? <IconCircleCheck size={18} aria-hidden /> : <IconCircleDashed size={18} aria-hidden />}
                </ThemeIcon>
                <Stack gap={2}>
                  <Text fw={600} td={stepDone ? 'line-through' : undefined}>
                    {t(`firstSteps.steps.${step}.title`)}
                    <VisuallyHidden>{` (${t(stepDone ? 'firstSteps.done' : 'firstSteps.open')})`}</VisuallyHidden>
                  </Text>
                  {!stepDone && (
                    <>
                      <Text size="sm" c="dimmed">
                        {t(`firstSteps.steps.${step}.text`)}
                      </Text>
                      {link && (
                        <Anchor component={Link} to={link} size="sm" fw={600} w="fit-content">
                          {t(`firstSteps.steps.${step}.action`)}
                        </Anchor>
                      )}
                    </>
                  )}
                </Stack>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
