import type { Mail } from '@/lib/mail/mailer'

export function resetPasswordMail(to: string, url: string): Mail {
  return {
    to,
    subject: 'Passerelle\u00a0: réinitialisation de votre mot de passe',
    text: [
      'Bonjour,',
      '',
      'Vous avez demandé à choisir un nouveau mot de passe pour Passerelle. Ouvrez ce lien\u00a0:',
      url,
      '',
      'Il est valable 1 heure et ne sert qu’une fois. Votre double authentification restera demandée à la connexion.',
      'Si vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
      '',
      'Passerelle',
    ].join('\n'),
  }
}

export function secondFactorCodeMail(to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: 'Passerelle\u00a0: votre code de connexion',
    text: [
      'Bonjour,',
      '',
      `Votre code de connexion à Passerelle\u00a0: ${code}`,
      '',
      `Il est valable ${minutes} minutes et ne sert qu’une fois. Ne le communiquez à personne.`,
      'Si vous n’êtes pas en train de vous connecter, changez votre mot de passe.',
      '',
      'Passerelle',
    ].join('\n'),
  }
}
