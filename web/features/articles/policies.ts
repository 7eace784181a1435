import { demographicsConsentText, minimumAge } from '../../../contract/demographics.base.ts';
import { subscriptionPrice } from '../../../contract/payments.base.ts';
import type { Article } from './articles.ts';

/*
 * The terms of service and the privacy policy (docs/decisions/074-what-the-site-says.md): what
 * the code does, in words a member can hold us to. A change to what is collected, kept, shown to
 * staff or charged changes these texts in the same commit. `{contact}` is the site's contact
 * address (CONTACT_EMAIL), filled in when the page is shown.
 */

/** The subscription's price as the terms state it, e.g. 'USD 9.99 a month'. */
const price = `${subscriptionPrice.currency.toUpperCase()} ${(subscriptionPrice.unitAmount / 100).toFixed(2)} a ${subscriptionPrice.interval}`;

export const terms: Article = {
  title: 'Terms of service',
  standfirst: 'The agreement between you and Stance, in plain words.',
  sections: [
    {
      paragraphs: [
        `You must be at least ${minimumAge} years old to use Stance. If you are younger, please do not create an account or give us any personal details.`,
        'These terms are the agreement between you and the people who run this Stance site (“we”). By creating an account, or by voting or posting, you accept them. Our [privacy policy](/privacy) says what we do with your data, and the [rules](/article/rules) say how to take part; both are part of this agreement. You can reach us at {contact}.',
      ],
    },
    {
      heading: 'Your account',
      items: [
        'One person, one account. Give a real e-mail address that you can read: codes and password resets are sent there.',
        'Keep your password to yourself. You are responsible for what is done with your account until you tell us it has been misused.',
        'Your username and what you post are public. Choose a username that is not someone else\u2019s name or a trademark you do not own.',
      ],
      paragraphs: [],
    },
    {
      heading: 'The subscription',
      paragraphs: [
        `Voting, arguing, the quizzes and the Ownership report are free. The subscription costs ${price} and unlocks every other Opinion DNA report and the Opinion DNA manual (a PDF) for as long as it runs.`,
        'You pay through Stripe, our payment provider, on its checkout page; Stance never sees your card number. Stripe\u2019s own terms apply to the payment.',
      ],
    },
    {
      heading: 'Renewal',
      paragraphs: [
        'The subscription renews by itself every month, on the day of the month you started, and Stripe charges the same card until you cancel. Settings \u203a Manage subscription shows the date of the next renewal.',
        'If a renewal payment fails, Stripe tries again over the following days and your reports stay open meanwhile; if it still fails when Stripe stops trying, the subscription ends and the reports lock again. Your answers and scores are kept: they open again when you subscribe again.',
        'If we change the price, we will tell you by e-mail at least 30 days before your first renewal at the new price, and you can cancel before it applies.',
      ],
    },
    {
      heading: 'Cancelling',
      paragraphs: [
        'Cancel at any time from Settings \u203a Manage subscription \u203a Manage billing, which opens Stripe\u2019s billing page. Nothing more is charged after you cancel, and the reports stay open until the end of the month you have paid for.',
      ],
    },
    {
      heading: 'Refunds',
      items: [
        'If you cancel within 14 days of your first payment, write to {contact} from the e-mail address of your account and we will refund that payment in full, whether or not you opened a report.',
        'If we charged you by mistake (twice, after you cancelled, or the wrong amount), we refund the difference as soon as you tell us.',
        'Otherwise a month that has begun is not refunded in part: cancelling stops the next payment.',
        'Nothing in these terms takes away a right to a refund or to cancel that the law of your country gives you as a consumer.',
      ],
      paragraphs: [],
    },
    {
      heading: 'What you post, and the licence you give us',
      paragraphs: [
        'You keep the rights to the opinions, arguments, comments and profile you write. So that Stance can show them, you give us a worldwide, non-exclusive, royalty-free licence to store, display, reproduce and distribute them on Stance and in what Stance makes of them: share images, link previews, the search index and summaries of where people stand. The licence ends when the content is removed, except where others have replied to it: a comment in a thread may stay, without your name, so that the replies still make sense.',
        'Your votes and quiz answers are not content in this sense: they are never shown as yours. They count in the figures Stance publishes, which describe groups, never a person.',
        'Post only what you may post: nothing that copies someone else\u2019s work without permission, breaks the law, or breaks the [rules](/article/rules).',
        'The rest of Stance (the quizzes, the report texts, the manual, the design and the code) is ours or licensed to us. You may use the reports and the manual for yourself, and share your own report cards through the share link Stance gives you.',
      ],
    },
    {
      heading: 'Moderation',
      paragraphs: [
        'Members can report a comment. Moderators review what is reported against the [rules](/article/rules), and may remove a comment (it then shows as flagged, so the thread stays readable) or delete an opinion. We may close the account of someone who breaks the rules seriously or repeatedly, and we remove anything the law requires us to.',
        'If you think we removed something of yours by mistake, write to {contact} with a link to it. A person who did not make the first decision will look at it again and answer you.',
      ],
    },
    {
      heading: 'The reports are a mirror, not advice',
      paragraphs: [
        'Opinion DNA reports describe how you answered a set of statements, compared with other members, with the uncertainty each score carries. They are not a psychological, medical, legal or career assessment, and you should not make decisions about anyone on the strength of them.',
      ],
    },
    {
      heading: 'Availability and responsibility',
      paragraphs: [
        'We work to keep Stance available and correct, but we provide it as it is: it may be interrupted for maintenance or by faults, and figures may lag the latest votes by a few minutes. We are not responsible for what members post, though we act on what is reported to us.',
        'As far as the law allows, our responsibility to you for any claim about Stance is limited to what you paid us in the 12 months before it. Nothing here limits responsibility that the law does not allow us to limit, such as for death, personal injury or fraud.',
      ],
    },
    {
      heading: 'Ending the agreement',
      paragraphs: [
        'You can stop using Stance at any time. To close your account and have its data erased, use Delete my account in [Settings](/app/settings): it is done at once. A running subscription should be cancelled first, so that Stripe charges nothing more; Settings asks you to.',
        'We may close an account that breaks these terms or the rules seriously or repeatedly. If we close an account with a running subscription for any other reason, we refund the unused part of the month.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        'We may change these terms. If a change matters (a price, what the subscription includes, how we use your content), we will tell you by e-mail and on the site at least 30 days before it applies; if you do not accept it, you can cancel and close your account before then.',
      ],
    },
  ],
};

export const privacy: Article = {
  title: 'Privacy policy',
  standfirst:
    'What we keep about you, why, who can see it, for how long, and what you can do about it.',
  sections: [
    {
      paragraphs: [
        'Stance asks about opinions, and some of what you may tell it (your religion, your sexual orientation, your political leaning) is among the most sensitive data there is. We collect as little as we can, show figures about groups and never about a person, and sell nothing to anyone. The people who run this Stance site are responsible for your data; write to them at {contact}.',
      ],
    },
    {
      heading: 'What we collect',
      items: [
        'Your account: your e-mail address, your username and your password, stored only as a one-way hash (argon2id) that nobody can turn back into the password. If you sign in with Google or Facebook, we receive your e-mail address and that service\u2019s id for your account, nothing else.',
        'Your profile, if you fill it in: full name, location, bio, expertise and picture. These are public.',
        'What you do: your vote on each opinion and when you gave it, your comments and arguments, the good points you give, the topics you follow, the opinions you suggest and the comments you report.',
        'Your quiz answers: each is a vote on a quiz statement. The scores in your reports are calculated from them.',
        'Your personal details, only if you choose to give them: gender, year of birth, nationality, education, marital status, household income, sexual orientation, religion, political leaning and number of children. Every field is optional, and the form saves nothing until you tick its consent.',
        'If you subscribe: the id Stripe gives you as a customer, the state of your subscription and its renewal date. Your card details go to Stripe and never reach us.',
        'For security: the places (network address and browser) you sign in from, and short-lived counts of attempts to log in, sign up or reset a password. Both are stored only as keyed hashes of your address, e-mail and browser: without a secret key that is kept apart from the database, nobody reading the database can tell whose they are.',
      ],
      paragraphs: [],
    },
    {
      heading: 'Why',
      items: [
        'To run the service you signed up for: your account, your votes, your threads, your reports and your subscription. Without these Stance cannot work for you.',
        `To compare groups, with your consent: your personal details are used, without your name, to show how groups of voters differ, in the insights on opinion pages and in the figures staff see. The consent you ticked reads: \u201c${demographicsConsentText}\u201d`,
        'To keep Stance safe: the counts of attempts stop password guessing and mass sign-ups, and the places you signed in from make sure those limits hold back an attacker, not you.',
        'To write to you: codes, password resets and, unless you switch them off, notes about replies. See [the newsletter page](/article/newsletter) for the full list. We send no marketing.',
      ],
      paragraphs: [
        'We show no advertising, use no advertising or tracking services, and do not sell, rent or trade personal data.',
      ],
    },
    {
      heading: 'Who can see what',
      items: [
        'Public: your username, your public profile, your comments and arguments, your level, awards and contribution grid, and how many votes and comments you have made.',
        'Never public: how you voted on any opinion, your quiz answers, your personal details and your reports. You can choose to share a report card through a public link, and stop sharing it whenever you like.',
        'Figures: an opinion\u2019s results show the share of each answer among everyone who voted on it. Comparisons by personal details (the insights on opinion pages) describe groups of at least 10 voters (the site\u2019s minimum group size, unless its operator set another); a smaller group\u2019s figure is not shown.',
      ],
      paragraphs: [],
    },
    {
      heading: 'What staff can see',
      items: [
        'Moderators see the comments that were reported and who reported them, and can remove comments and opinions.',
        'Staff with access to the analytics see the community\u2019s average scores, filtered by personal details, by a user tag or by score ranges, and one opinion\u2019s votes broken down the same way. Every such figure covers at least the minimum group size, and is withheld when the members left out of it would be fewer than that.',
        'Staff never see your scores, your answers or your personal details, not even under a code: every figure they see has random noise added (differential privacy), so that it would look much the same whether or not you were counted. Comparing two figures that differ by one person, or asking the same question again and again, does not reveal that person: each staff member has a daily limit on how much they can ask, and the same question on the same day gets the same answer. The noise is sized so that staff learn about groups (for a few hundred members or more the averages are close to the truth) and nothing about any one member.',
        'Those staff can download a spreadsheet of the same noisy figures: one row per answer to each personal-details question (for example all members who gave \u201cfemale\u201d), with how many members gave it and their average scores. There is no row per member. They can also put members into user tags by username, for example a class or a panel, and compare a tag with everyone else, with the same noise and limits.',
        'The people who operate the site\u2019s servers and database can technically see everything stored. Access is limited to those who need it to keep Stance running.',
      ],
      paragraphs: [],
    },
    {
      heading: 'Who else handles it',
      paragraphs: [
        'Stripe processes payments; the e-mail provider the site uses delivers our e-mails; Google or Facebook take part only if you sign in with them; and our hosting provider runs the servers. Each handles only what its job needs. We do not pass your data to anyone else unless the law requires it.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Stance sets only the cookies it needs: the one that keeps you logged in, and short-lived ones that tie a sign-up or login code to the browser that asked for it, and one that remembers a browser you have signed in from (for a year). Your cookie choice is kept in your browser, and a record of it (the choice, the policy version and the page, with your member id if you are logged in, without your network address) is kept as proof of consent. There are no third-party cookies. Details: the [cookie policy](/cookies).',
      ],
    },
    {
      heading: 'How long we keep it',
      items: [
        'Your account, profile, votes, comments and quiz answers: as long as your account exists.',
        'Personal details: until you change or clear them on the personal details page, or close your account.',
        'A login session ends after 14 days without use, and at the latest 30 days after you logged in. Sign-up and login codes expire after 15 minutes, password reset links after an hour.',
        'The places you signed in from count for 180 days after your last sign-in from them; counts of attempts last only as long as the limit they enforce.',
        'Our server\u2019s log records each request (the address asked for, the time and the network address it came from) and is kept only to run and secure the service.',
        'Payment records: Stripe keeps them as the law on accounting requires.',
      ],
      paragraphs: [],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You may see the data we hold about you, correct it, take a copy of it, have it erased, object to how we use it, and withdraw your consent to the use of your personal details at any time: withdrawing it does not affect what was done before.',
        'Much of this you can do yourself: edit your profile and your [personal details](/settings/details) (clearing a field erases it), turn e-mails off on your [e-mail preferences](/emailpref-iframe), reset your [cookie choice](/cookiereset), and cancel a subscription in Settings.',
        'Download my data, in [Settings](/app/settings), gives you a copy of everything you gave Stance as one file (JSON, which other programs can read): your profile and e-mail address, personal details, votes, quiz answers, changes of mind, comments, good points, follows, e-mail settings, subscription status, shared reports, and the user tags staff put you in. It holds nobody else’s data: a good point you gave names the comment, not its author.',
        'Delete my account, in [Settings](/app/settings), erases your account at once, after you confirm with your password or with a code we e-mail you: your profile, e-mail address, password, personal details, votes and quiz answers (every figure they counted in goes down with them), changes of mind, good points, follows, user tags, notifications, shared reports and sessions. Your comments stay in their threads, so that the conversations others joined still make sense, with their author shown as [deleted]; delete any you want gone before you go. Opinions you wrote stay without your name. Your e-mail address and username are free to use again at once.',
        'For anything you cannot do yourself, write to {contact} from the e-mail address of your account, so that we know the request is yours. We answer within one month.',
        'If you think we have mishandled your data, tell us first so we can put it right. You may also complain to the data protection authority where you live.',
      ],
    },
    {
      heading: 'Age',
      paragraphs: [
        `Stance is for people aged ${minimumAge} and over. We do not knowingly hold data about anyone younger; if you believe we do, write to {contact} and we will erase it.`,
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'When we change what we collect or who sees it, we update this page first, and tell members by e-mail before a change that gives anyone more access to their data takes effect.',
      ],
    },
  ],
};
