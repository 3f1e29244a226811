import { lazy } from 'react';

// A chunk of its own, asked for as soon as this page's code runs (see meeting-figures.tsx).
const figuresModule = import('./meeting-figures');

export const MeetingFigures = lazy(async () => ({ default: (await figuresModule).MeetingFigures }));
export const ReasonBadges = lazy(async () => ({ default: (await figuresModule).ReasonBadges }));
