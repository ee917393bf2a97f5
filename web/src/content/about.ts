export const aboutIntro =
  'Ich bin Baran, lebe in Bern und mache meine Ausbildung zum Informatiker EFZ mit Schwerpunkt Applikationsentwicklung. Am liebsten baue ich Webanwendungen vom Datenmodell bis zur Oberfläche und lerne dabei jeden Tag etwas Neues.';
