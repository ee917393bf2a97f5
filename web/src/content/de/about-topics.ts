/**
 * The text behind "Mehr über mich", with its six sub-headings (docs/product.md#about-section);
 * in the chunk that shows it. en/about-topics.ts translates it.
 */
export const aboutTopics = {
  aboutMe: {
    heading: 'Über mich',
    paragraphs: [
      'Ich bin in Bern aufgewachsen und mit drei Sprachen gross geworden: Deutsch, Kurdisch und später Englisch. Diese Mischung hat mir früh gezeigt, wie wichtig es ist, einander genau zuzuhören.',
      'Ich arbeite gerne strukturiert, frage nach, wenn etwas unklar ist, und habe Freude daran, wenn eine Lösung am Ende einfach aussieht.',
    ],
  },
  experience: {
    heading: 'Erfahrung',
    paragraphs: [
      'In der Schule und in eigenen Projekten habe ich Webseiten, kleine REST-APIs und Datenbankanwendungen gebaut. In Gruppenarbeiten habe ich gelernt, mit Git im Team zu arbeiten, Code zu reviewen und Aufgaben sauber zu planen.',
      'Ein Schnupperpraktikum in einem Berner Softwareunternehmen hat mir gezeigt, wie professionelle Entwicklung im Alltag aussieht: Tests, Code-Reviews und kurze Feedbackschlaufen.',
    ],
  },
  hobbies: {
    heading: 'Hobbys',
    paragraphs: [
      'In meiner Freizeit spiele ich Fussball im Verein, fahre mit dem Velo der Aare entlang und tüftle an kleinen Elektronikprojekten mit dem Raspberry Pi. Ausserdem koche ich gerne für Familie und Freunde.',
    ],
  },
  educationAndGoals: {
    heading: 'Ausbildung und Ziele',
    paragraphs: [
      'An der Informatikmittelschule (IMS) der BWD Bern verbinde ich die Berufsmaturität mit der Informatikausbildung; die Berufsfachschule besuche ich an der gibb. Das abschliessende Praxisjahr möchte ich in einem Team verbringen, das Wert auf Qualität legt.',
      'Nach dem Abschluss möchte ich mich in Richtung Softwarearchitektur weiterentwickeln und später berufsbegleitend an einer Fachhochschule studieren.',
    ],
  },
  whyIt: {
    heading: 'Warum IT?',
    paragraphs: [
      'Mich fasziniert, dass aus ein paar Zeilen Code etwas entsteht, das Menschen im Alltag hilft. In der Informatik kann ich logisches Denken und Kreativität verbinden und sehe schnell, ob eine Idee funktioniert.',
    ],
  },
  strengthsAndWeaknesses: {
    heading: 'Stärken und Schwächen',
    paragraphs: [
      'Zu meinen Stärken zählen Ausdauer beim Lösen von Problemen, Zuverlässigkeit und Freude am Erklären. Mitschülerinnen und Mitschüler kommen oft zu mir, wenn sie bei einer Aufgabe nicht weiterkommen.',
      'Manchmal will ich eine Lösung zu perfekt machen und verliere dabei die Zeit aus den Augen. Daran arbeite ich, indem ich Aufgaben in kleine Schritte teile und früh Feedback hole.',
    ],
  },
} as const;
