import type { ComponentType } from 'react';

/** The call log: calls dashboard, new calls, completed calls, simple calls: route path -> screen, each loaded lazily. */
export const callScreens: Record<string, ComponentType> = {};
