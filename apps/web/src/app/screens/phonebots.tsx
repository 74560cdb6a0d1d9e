import type { ComponentType } from 'react';

/** Phonebot lists and forms, guest editing: route path -> screen, each loaded lazily. */
export const phonebotScreens: Record<string, ComponentType> = {};
