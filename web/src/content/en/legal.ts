// The English legal notice and privacy policy: de/legal.ts translated, section for section.
import type { Translated } from '../translated';
import type { legal as german } from '../de/legal';
import { owner } from '../owner';
import { site } from './site';

const address = `${owner.name}, ${owner.street}, ${owner.postcode} ${owner.city}, ${site.country}`;

export const legal: Translated<typeof german> = {
  contactAddress: 'Contact address',
  phone: 'Phone',
  email: 'E-mail',
  impressum: {
    disclaimer: {
      heading: 'Disclaimer',
      paragraphs: [
        'The author accepts no liability for the correctness, accuracy, timeliness, reliability and completeness of the information on this website.',
        'Liability claims against the author for material or immaterial damage arising from access to the published information, from misuse of the connection or from technical faults are excluded.',
        'References and links to third-party websites lie outside our area of responsibility. Accessing and using such websites is at your own risk.',
      ],
    },
    copyright: {
      heading: 'Copyright',
      paragraphs: [
        `The copyright and all other rights to content, images, photos and other files on this website belong exclusively to ${owner.name} or the specifically named rights holders. The written consent of the copyright holders must be obtained in advance for the reproduction of any element.`,
      ],
    },
    purpose: {
      heading: 'Purpose of the website',
      paragraphs: [
        'This website serves solely as a personal presentation for job applications. It pursues no commercial purpose.',
      ],
    },
  },
  privacy: {
    general: {
      heading: '1. General',
      paragraphs: [
        'The protection of your personal data is important to me. This privacy policy tells you which data are processed when you visit this website, and why. Processing follows the Swiss Federal Act on Data Protection (FADP).',
      ],
    },
    controller: {
      heading: '2. Controller',
      paragraphs: [
        `Responsible for data processing on this website is: ${address}, phone ${owner.phone}, e-mail ${owner.email}.`,
      ],
    },
    data: {
      heading: '3. Data collected',
      paragraphs: [
        'When the website is accessed, the following data are recorded automatically in server log files:',
      ],
      items: [
        'IP address',
        'date and time of access',
        'browser used',
        'operating system',
        'referrer URL (the page visited before)',
      ],
      closing: [
        'In addition, data you provide yourself are processed: name, e-mail address, login data for the protected area and the content of a contact request. These data are used only to deal with your request.',
        'Personal access links: whoever has received a personal access link from me is shown in the protected area under the name I created the access for (for example a company). The log records the date and time when the link was opened, when the list of documents was viewed and which document was opened or downloaded (the ZIP file too). Neither the IP address nor the browser is stored in this log. Visits with the shared login are logged in the same way, without a name. Purpose: I can see whether and when my application documents were viewed, receive an e-mail about it, and can block an access at once if needed. The entries are deleted after 180 days; an access ends on its expiry date or when I revoke it. A letter I upload for one company alone (for example a motivation letter, which may name a contact person) is seen by that company’s access only; it is deleted when I revoke the access or remove the letter, at the latest 30 days after the access expired. The PDFs an access receives carry its name and the date I made the link at the foot of every page, and the link’s identifier inside the document: so I can tell where a passed-on copy came from. These stamped copies stay on the server only, are not backed up and go with the access. On request I delete an ended access at once, with its letters and log entries.',
      ],
    },
    noDisclosure: {
      heading: '4. No disclosure to third parties',
      paragraphs: [
        'Your data are not passed on, sold or otherwise transferred to third parties unless the law requires it. All fonts, icons and images of this website are loaded from its own server.',
      ],
    },
    rights: {
      heading: '5. Your rights',
      paragraphs: ['You have the right at any time to:'],
      items: [
        'information about the data stored about you',
        'rectification of incorrect data',
        'deletion of your data',
        'restriction of processing',
        'objection to processing',
      ],
    },
    cookies: {
      heading: '6. Cookies',
      paragraphs: [
        'This website uses no advertising or tracking cookies. For signing in to the protected area, only a session key is stored in your browser’s local storage, and it is deleted when you log out.',
      ],
    },
    security: {
      heading: '7. Security',
      paragraphs: [
        'I use technical and organisational security measures to protect your data against loss, manipulation and unauthorised access, among them encrypted transmission (HTTPS) and password-protected access. These measures are continually adapted to the state of the art.',
        'Backups: so that nothing is lost if the server fails, I regularly back up its data into an archive that only I can access. It holds the access log of the personal access links, the letters uploaded for one company alone, contact messages still waiting to be sent, and the inbox with the contact messages received. I also keep a copy of each archive outside my home with a storage service I have chosen myself; it is encrypted before it leaves the server, so that only I can read it, not the storage service. The archives follow the same retention, on the server and at the storage service: each new backup deletes the oldest, and only the seven newest remain (about one week with daily backups). What has been deleted on the server thus disappears at the latest with the last archive that still holds it.',
      ],
    },
  },
};
