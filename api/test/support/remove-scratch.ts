import { removeScratchDirs } from './scratch';

// Registered for every test file (jest's setupFilesAfterEnv): after its last test, its
// scratch folders go, whether its tests passed or not.
afterAll(removeScratchDirs);
