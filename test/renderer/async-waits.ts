// Testing Library's waitFor and findBy* wait one second unless told: on a busy machine a render can take longer,
// and the test would fail for the machine, not the app. They still end as soon as the state is there.
import { configure } from '@testing-library/react';
import { shortestWaitMs } from '../../eslint.test-clock.js';

configure({ asyncUtilTimeout: shortestWaitMs });
