import { Button, Notification, Stack } from '@mantine/core';
import { notificationStore, useNotifications } from '@/lib/notifications/notification-store.ts';

/**
 * The app's notifications (at most 3; errors stay until closed). The area is always in the page as a polite live
 * region, so a screen reader has it registered before the first message arrives; each message keeps Mantine's
 * role="alert" (docs/decisions/029-accessibility.md).
 */
export function NotificationStack() {
  const items = useNotifications((s) => s.items);
  const { remove, clear } = notificationStore.getState();
  return (
    <Stack
      role="region"
      aria-live="polite"
      aria-label="Notifications"
      gap="xs"
      pos="fixed"
      top={56}
      right={16}
      w="min(420px, calc(100vw - 32px))"
      style={{ zIndex: 400 }}
      data-testid="notifications"
    >
      {/* Oldest on top, so the texts of one failure read in order. */}
      {[...items].reverse().map((item) => (
        <Notification
          key={item.id}
          color={item.type === 'error' ? 'red' : 'teal'}
          title={item.type === 'error' ? 'Error' : 'Success'}
          onClose={() => remove(item.id)}
          closeButtonProps={{ 'aria-label': 'Close notification' }}
          withBorder
          data-type={item.type}
          style={{ whiteSpace: 'pre-line' }}
        >
          {item.text}
        </Notification>
      ))}
      {items.length > 1 && (
        <Button variant="subtle" size="compact-xs" color="gray" onClick={clear} style={{ alignSelf: 'flex-end' }}>
          Clear all
        </Button>
      )}
    </Stack>
  );
}
