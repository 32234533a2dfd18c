import type { Localised, StaticPage } from "./types";

/** /iletisim — intro text shown above the contact form. */
export const contactPage: Localised<StaticPage> = {
  tr: {
    title: "İletişim",
    description:
      "GenişBant'a soru, öneri, reklam ve iş birliği taleplerinizi iletin. Mesajlarınızı iki iş günü içinde yanıtlıyoruz; dosya da ekleyebilirsiniz.",
    lead:
      "Sorularınızı, önerilerinizi, reklam ve iş birliği taleplerinizi ya da sitede fark ettiğiniz bir hatayı aşağıdaki formla bize iletebilirsiniz.",
    sections: [
      {
        heading: "Nasıl yanıt veriyoruz",
        blocks: [
          {
            type: "paragraph",
            text: "Mesajlarınızı iki iş günü içinde yanıtlıyoruz. Yanıtımızı formda yazdığınız e-posta adresine göndereceğimiz için adresinizi doğru yazdığınızdan emin olun.",
          },
          {
            type: "paragraph",
            text: "Şirketinizin GenişBant'ta listelenmesini istiyorsanız kurumsal üyelik açarak profilinizi kendiniz oluşturabilir ya da şirketinizin adını ve web adresini yazarak bize ulaşabilirsiniz.",
          },
          {
            type: "paragraph",
            text: "Mesajınıza dosya ekleyebilirsiniz:",
          },
          {
            type: "list",
            items: [
              "Kabul edilen dosya türleri: zip, pdf, png ve jpg",
              "Dosya başına en fazla 10 MB",
              "Tüm ekler toplamda en fazla 50 MB",
            ],
          },
        ],
      },
    ],
    updatedAt: "2026-11-21",
  },
  en: {
    title: "Contact us",
    description:
      "Send GenişBant your questions, suggestions, advertising or partnership enquiries. We reply within two business days, and you can attach files.",
    lead:
      "Use the form below to send us a question, a suggestion, an advertising or partnership enquiry, or to tell us about a mistake you have spotted on the site.",
    sections: [
      {
        heading: "How we answer",
        blocks: [
          {
            type: "paragraph",
            text: "We reply within two business days. Our answer goes to the e-mail address you enter in the form, so please make sure it is correct.",
          },
          {
            type: "paragraph",
            text: "If you would like your company to be listed on GenişBant, you can open a corporate account and create your profile yourself, or send us your company name and website and we will get in touch.",
          },
          {
            type: "paragraph",
            text: "You can attach files to your message:",
          },
          {
            type: "list",
            items: [
              "Accepted file types: zip, pdf, png and jpg",
              "Up to 10 MB per file",
              "Up to 50 MB for all attachments together",
            ],
          },
        ],
      },
    ],
    updatedAt: "2026-11-21",
  },
};
