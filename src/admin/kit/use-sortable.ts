'use client';

import {
  type Announcements,
  type KeyboardCoordinateGetter,
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

const center = (rect: { top: number; height: number }) => rect.top + rect.height / 2;

/**
 * Arrow Up and Down for a vertical list: the lifted card moves one place, its centre onto the centre
 * of the next card that way. dnd-kit's own getter aligns edges, so a card much taller than its
 * neighbour stayed nearer its own place than the next one and did not move (seen in the
 * testimonials list). A card dnd-kit has not measured yet is measured here, from its element.
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const down = event.code === 'ArrowDown';
  if (!down && event.code !== 'ArrowUp') return undefined;
  event.preventDefault();
  // The sensor moves the card by the difference from the collision rect's corner: none, no move.
  const { active, over, droppableRects, droppableContainers, collisionRect: lifted } = context;
  if (!active || !lifted) return undefined;
  const from = center(lifted);
  let target: { top: number; height: number } | undefined;
  for (const entry of droppableContainers.getEnabled()) {
    if (entry.id === over?.id) continue;
    const rect = droppableRects.get(entry.id) ?? entry.node.current?.getBoundingClientRect();
    if (!rect || (down ? center(rect) <= from : center(rect) >= from)) continue;
    if (!target || (down ? center(rect) < center(target) : center(rect) > center(target))) target = rect;
  }
  if (!target) return undefined;
  return { x: lifted.left, y: center(target) - lifted.height / 2 };
};

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
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
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
