// What the login and the access-code exchange answer (auth.controller.ts): a
// token, or 401 with success false and a line. Types only; the web reads
// them through @portfolio/api/contract.

export interface LoginAnswer {
  success: true;
  token: string;
}

export interface LoginRefusal {
  success: false;
  message: string;
}
