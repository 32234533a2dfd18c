import type { Localised, StaticPage } from "./types";

/** /reklam */
export const advertisementPage: Localised<StaticPage> = {
  tr: {
    title: "Reklam ve İş Birliği",
    description:
      "GenişBant'ta sponsorlu listeleme, banner ve blog içeriğiyle şirketinizi tanıtın. Tüm reklamlar etiketlenir ve tarafsız sıralamayı etkilemez.",
    lead:
      "Şirketinizi ve paketlerinizi, internet, hosting, sunucu ya da TV hizmeti araştıran kişilere GenişBant üzerinden tanıtabilirsiniz. Reklam seçeneklerimiz, ziyaretçilerimizin siteye duyduğu güveni korumak için belirlenmiş açık kurallara bağlıdır.",
    sections: [
      {
        heading: "Listelenmek ücretsizdir",
        blocks: [
          {
            type: "paragraph",
            text: "GenişBant'ta yer almak için reklam vermeniz gerekmez. Kurumsal üyelik açarak şirket profilinizi oluşturabilir, paketlerinizi ve blog yazılarınızı yönetim panelinden kendiniz ekleyip güncelleyebilirsiniz. Şirket profilleri, ekibimizin onayından sonra yayına alınır.",
          },
        ],
      },
      {
        heading: "Reklam ve iş birliği seçenekleri",
        blocks: [
          {
            type: "list",
            items: [
              "Sponsorlu listeleme: Şirket profiliniz veya paketleriniz, ilgili liste ve arama sayfalarında sponsorlu olarak etiketlenmiş alanlarda öne çıkarılır.",
              "Banner reklam: Görsel reklamınız sitedeki reklam alanlarında yayımlanır. Yerleşimi ve yayın süresini ihtiyacınıza göre birlikte belirleriz.",
              "Blog içeriği: Ürününüzü, teknolojinizi ya da kampanyanızı anlatan yazılar yayımlayabiliriz. Bu yazılar sponsorlu içerik olarak işaretlenir ve editoryal ilkelerimize uymalıdır: doğru bilgi, abartısız bir dil ve eksiksiz fiyat bilgisi.",
            ],
          },
        ],
      },
      {
        heading: "Değişmeyen kurallarımız",
        blocks: [
          {
            type: "list",
            items: [
              "Her ücretli yerleşim, ziyaretçinin ilk bakışta anlayacağı biçimde sponsorlu veya reklam olarak etiketlenir.",
              "Ödeme tarafsız sıralamayı etkilemez: Filtre sonuçları, sıralamalar ve altyapı sorgusu sonuçları kimin reklam verdiğinden bağımsızdır.",
              "Kullanıcı yorumları satın alınamaz. Ödeme karşılığında hiçbir yorum silinmez, gizlenmez veya değiştirilmez.",
              "Reklamlardaki fiyat ve koşullar güncel ve eksiksiz olmalıdır. Taahhütlü tekliflerde taahhüt süresi ve taahhüt bittikten sonraki fiyat açıkça belirtilmelidir.",
              "Yanıltıcı veya hukuka aykırı bulduğumuz reklamları yayımlamama hakkımız saklıdır.",
            ],
          },
        ],
      },
      {
        heading: "Bize nasıl ulaşırsınız",
        blocks: [
          {
            type: "paragraph",
            text: "Reklam ve iş birliği talepleriniz için iletişim sayfamızdaki (/iletisim) formu kullanın. Mesajınızda şirketinizin adını, web adresinizi, ilgilendiğiniz seçeneği ve planladığınız dönemi belirtirseniz size daha hızlı dönüş yapabiliriz.",
          },
          {
            type: "paragraph",
            text: "Tanıtım dosyanızı veya görsellerinizi zip, pdf, png ya da jpg biçiminde ekleyebilirsiniz. Taleplerinizi iki iş günü içinde yanıtlıyoruz.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-21",
  },
  en: {
    title: "Advertising and partnerships",
    description:
      "Promote your company on GenişBant with sponsored listings, banners and blog content. Every ad is labelled and never affects the neutral ranking.",
    lead:
      "You can use GenişBant to put your company and packages in front of people who are looking for internet, hosting, server or TV services. Our advertising options come with clear rules, designed to protect the trust our visitors place in the site.",
    sections: [
      {
        heading: "Being listed is free",
        blocks: [
          {
            type: "paragraph",
            text: "You don't need to advertise to appear on GenişBant. Open a corporate account, create your company profile and add or update your packages and blog posts yourself from the dashboard. Company profiles go live once our team has approved them.",
          },
        ],
      },
      {
        heading: "Advertising and partnership options",
        blocks: [
          {
            type: "list",
            items: [
              "Sponsored listing: your company profile or packages are given extra prominence on the relevant list and search pages, in spaces clearly labelled as sponsored.",
              "Banner advertising: your display ad runs in the advertising spaces on the site. We agree the placement and the duration with you.",
              "Blog content: we can publish articles about your product, technology or campaign. They are marked as sponsored content and must meet our editorial standards: accurate information, no exaggeration and complete pricing.",
            ],
          },
        ],
      },
      {
        heading: "Rules that don't change",
        blocks: [
          {
            type: "list",
            items: [
              "Every paid placement is labelled as sponsored or as advertising, so visitors can tell at a glance.",
              "Payment has no effect on the neutral ranking: filter results, sort orders and infrastructure lookup results are the same whoever advertises.",
              "Reviews are not for sale. No review is removed, hidden or edited in return for payment.",
              "Prices and terms in ads must be current and complete. Offers with a commitment must state the commitment period and the price after it ends.",
              "We reserve the right to turn down ads that we consider misleading or unlawful.",
            ],
          },
        ],
      },
      {
        heading: "How to reach us",
        blocks: [
          {
            type: "paragraph",
            text: "Send advertising and partnership enquiries through the form on our contact page (/iletisim). If you include your company name, website, the option you are interested in and the period you have in mind, we can get back to you sooner.",
          },
          {
            type: "paragraph",
            text: "You can attach a media kit or artwork as zip, pdf, png or jpg files. We reply to enquiries within two business days.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-21",
  },
};
