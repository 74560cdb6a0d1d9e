import type { ComponentType } from 'react';

/** Users, company profile, change password and my profile (the company's side): route path -> screen, each loaded lazily. */
export const usersScreens: Record<string, ComponentType> = {};
