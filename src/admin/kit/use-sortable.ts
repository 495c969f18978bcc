'use client';

import {
  type Announcements,
  KeyboardSensor,
  type MeasuringConfiguration,
  MeasuringStrategy,
  PointerSensor,
  type PointerSensorOptions,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { PointerEvent } from 'react';

/**
 * The pointer sensor for mouse and pen only: touch goes to the TouchSensor, whose short press delay
 * keeps a finger that merely scrolls past a handle from starting a drag.
 */
export class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: PointerEvent, { onActivation }: PointerSensorOptions) => {
        if (nativeEvent.pointerType === 'touch' || !nativeEvent.isPrimary || nativeEvent.button !== 0) return false;
        onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

/**
 * Drop targets measured all the time, not only once a drag has started: a keyboard user who lifts a
 * card and presses an arrow key at once would otherwise find no target yet and stay in place.
 */
const MEASURING: MeasuringConfiguration = { droppable: { strategy: MeasuringStrategy.Always } };

const TOUCH_DELAY_MS = 200;
const TOUCH_TOLERANCE_PX = 8;
const MOUSE_DISTANCE_PX = 4;

/**
 * What every reorderable admin list gives dnd-kit: mouse, touch and keyboard sensors, and
 * announcements in words ("Picked up X. It is in position 2 of 5.") rather than its default ids,
 * and always-measured drop targets.
 */
export function useSortable<T extends { id: UniqueIdentifier }>(items: T[], nameOf: (item: T) => string, fallback: string) {
  const sensors = useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: TOUCH_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id);
  const name = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)];
    return item ? nameOf(item) : fallback;
  };
  const place = (id: UniqueIdentifier) => `position ${indexOf(id) + 1} of ${items.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. It is in ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} was moved into ${place(over.id)}.` : `${name(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} was dropped at ${place(over.id)}.` : `${name(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${name(active.id)} is back in ${place(active.id)}.`,
  };
  return { sensors, announcements, indexOf, measuring: MEASURING };
}
