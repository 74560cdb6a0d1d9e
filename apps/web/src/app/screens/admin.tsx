import type { ComponentType } from 'react';

/** Super administration: customers, guest administration, calls history: route path -> screen, each loaded lazily. */
export const adminScreens: Record<string, ComponentType> = {};
