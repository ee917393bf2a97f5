import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType, type InitialEntry } from 'react-router-dom';
import { App } from '../app';

/** Shows where the router is, so tests can assert navigation like a user reads the URL bar. */
function LocationProbe() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output
      data-testid="location"
      data-navigation={type}
      data-state={JSON.stringify(location.state)}
    >
      {location.pathname + location.search + location.hash}
    </output>
  );
}

export function renderApp(entry: InitialEntry = '/') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}
