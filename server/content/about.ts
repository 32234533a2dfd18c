import type { Localised, StaticPage } from "./types";

/** /hakkimizda */
export const aboutPage: Localised<StaticPage> = {
  tr: {
    title: "Hakkımızda",
    description:
      "GenişBant nedir? Altyapı sorgulama, hız testi, şirket ve paket karşılaştırma, kullanıcı yorumları. Paket satmıyoruz, sponsorlu içerikleri etiketliyoruz.",
    lead:
      "GenişBant, ev ya da iş yeri için internet arayan herkesin doğru kararı kolayca verebilmesi için hazırlanmış bir karşılaştırma ve rehber sitesidir. Adresinizde hangi altyapının bulunduğunu, hangi hızı bekleyebileceğinizi ve bir paketin size gerçekte kaça mal olacağını açık ve anlaşılır biçimde göstermeyi amaçlıyoruz.",
    sections: [
      {
        heading: "Biz kimiz",
        blocks: [
          {
            type: "paragraph",
            text: "Türkiye'de 300'den fazla internet servis sağlayıcı var ve her birinin altyapı, hız, taahhüt ve fiyat seçenekleri birbirinden farklı. GenişBant, bu bilgileri tek bir yerde ve gerçekten karşılaştırılabilir biçimde bir araya getirmek için kuruldu.",
          },
          {
            type: "paragraph",
            text: "Biz bir internet servis sağlayıcı değiliz. Paket satmıyor, abonelik sözleşmesi yapmıyor ve sizden ücret almıyoruz; sitedeki araçların tamamı ücretsizdir.",
          },
        ],
      },
      {
        heading: "GenişBant'ta neler yapabilirsiniz",
        blocks: [
          {
            type: "list",
            items: [
              "Altyapı ve hız sorgulama: Adresinizi (il, ilçe, bucak, köy veya mahalle, cadde ya da sokak, bina ve daire) seçerek ya da sabit telefon numaranızı girerek adresinizde fiber, VDSL veya ADSL altyapısı olup olmadığını ve tahmini bağlantı hızınızı öğrenebilirsiniz.",
              "İnternet hız testi: Mevcut bağlantınızın indirme ve yükleme hızını ve ping süresini ölçebilirsiniz.",
              "Şirket ve paket karşılaştırma: İnternet servis sağlayıcıları, GSM operatörleri, hosting ve veri merkezi şirketleri, teknik servisler ve TV platformlarının profillerini inceleyebilir; internet, hosting, sunucu ve TV paketlerini hız, fiyat, taahhüt ve altyapıya göre filtreleyebilirsiniz.",
              "Kullanıcı yorumları: Üyelerimizin şirketler ve paketler hakkındaki deneyimlerini okuyabilir, kendi deneyiminizi paylaşabilirsiniz.",
              "Geri arama talebi: Beğendiğiniz bir paket için adınızı, soyadınızı ve telefon numaranızı bırakırsanız bu bilgileri yalnızca seçtiğiniz şirkete iletiriz; şirketin satış temsilcisi sizi arar.",
              "Blog: Telekomünikasyon, hosting, veri merkezi, TV ve siber güvenlik gibi konularda anlaşılır rehber yazıları yayımlıyoruz.",
            ],
          },
          {
            type: "paragraph",
            text: "Aboneliği her zaman doğrudan ilgili şirketle yaparsınız. GenişBant bu sözleşmenin tarafı değildir.",
          },
        ],
      },
      {
        heading: "Nasıl gelir elde ediyoruz",
        blocks: [
          {
            type: "paragraph",
            text: "GenişBant'ın geliri, bazı şirketlerle yaptığımız iş birliği anlaşmalarından ve sitedeki reklamlardan gelir. Bu konuda açık olmak istiyoruz:",
          },
          {
            type: "list",
            items: [
              "Sponsorlu yerleşimler her zaman açıkça sponsorlu olarak etiketlenir; reklam ile tarafsız içerik birbirine karıştırılmaz.",
              "Bir şirketin bize ödeme yapması filtre sonuçlarını, tarafsız sıralamayı, tahmini hızları ve kullanıcı yorumlarını değiştirmez.",
              "Anlaşmamız olan ve olmayan şirketler aynı kurallara göre listelenir.",
            ],
          },
        ],
      },
      {
        heading: "İlkelerimiz",
        blocks: [
          {
            type: "list",
            items: [
              "Dürüst rakamlar: Bir paketin ulaşabileceği en yüksek hızın yanında, adresinize göre gerçekçi olarak bekleyebileceğiniz hızı da gösteririz.",
              "Toplam maliyet: Fiyatı yalnızca ilk ayın tutarıyla değil; taahhüt süresi, modem ücreti, varsa aktivasyon ücreti ve taahhüt bittikten sonra ödeyeceğiniz fiyatla birlikte gösteririz.",
              "Anlaşılır dil: Teknik terimleri sade bir dille açıklar, kampanya dilini bilgiyle karıştırmayız.",
              "Düzeltmeye açıklık: Bir bilginin eksik ya da yanlış olduğunu fark ederseniz bize yazın; kontrol edip düzeltiriz.",
            ],
          },
        ],
      },
      {
        heading: "Bize ulaşın",
        blocks: [
          {
            type: "paragraph",
            text: "Soru, öneri ve düzeltme talepleriniz için iletişim sayfamızdaki formu kullanabilir ya da info@genisbant.com.tr adresine yazabilirsiniz. Şirketinizi tanıtmak veya reklam vermek istiyorsanız Reklam sayfamıza göz atabilirsiniz.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-21",
  },
  en: {
    title: "About us",
    description:
      "What GenişBant does: infrastructure lookup, speed test, provider and package comparison and reviews. We sell no packages and label every sponsored item.",
    lead:
      "GenişBant is a comparison and guide site for anyone choosing an internet connection for their home or business. We want to show you, plainly, which infrastructure reaches your address, what speed you can realistically expect and what a package will really cost you.",
    sections: [
      {
        heading: "Who we are",
        blocks: [
          {
            type: "paragraph",
            text: "There are more than 300 internet service providers in Turkey, each with its own mix of infrastructure, speeds, commitment terms and prices. GenişBant was set up to bring all of that together in one place, in a form you can actually compare.",
          },
          {
            type: "paragraph",
            text: "We are not an internet service provider. We don't sell packages, we don't sign subscription contracts and we don't charge you anything: every tool on the site is free to use.",
          },
        ],
      },
      {
        heading: "What you can do on GenişBant",
        blocks: [
          {
            type: "list",
            items: [
              "Check infrastructure and speed: choose your address (province, district, sub-district, village or neighbourhood, street, building and flat) or enter your landline number to see whether fibre, VDSL or ADSL reaches you and what speed to expect.",
              "Test your speed: measure the download speed, upload speed and ping of your current connection.",
              "Compare companies and packages: browse profiles of internet service providers, mobile operators, hosting and data centre companies, technical services and TV platforms, and filter internet, hosting, server and TV packages by speed, price, commitment and infrastructure.",
              "Read reviews: see what our members say about companies and packages, and share your own experience.",
              "Ask to be called back: leave your name, surname and phone number for a package you like and we pass them on to that company only. One of its sales advisers will then call you.",
              "Read the blog: plain-language guides on telecoms, hosting, data centres, TV and cyber security.",
            ],
          },
          {
            type: "paragraph",
            text: "You always sign up directly with the company you choose. GenişBant is not a party to that contract.",
          },
        ],
      },
      {
        heading: "How we make money",
        blocks: [
          {
            type: "paragraph",
            text: "GenişBant earns its income from agreements with some companies and from advertising on the site. We want to be open about how that works:",
          },
          {
            type: "list",
            items: [
              "Sponsored placements are always clearly labelled as sponsored. Advertising is never dressed up as neutral content.",
              "Paying us never changes filter results, the neutral ranking, estimated speeds or user reviews.",
              "Companies we have an agreement with and companies we don't are listed under exactly the same rules.",
            ],
          },
        ],
      },
      {
        heading: "Our principles",
        blocks: [
          {
            type: "list",
            items: [
              "Honest numbers: next to the top speed a package can reach, we show the speed you can realistically expect at your address.",
              "The whole cost: we don't just quote the first month. We show the commitment period, modem charges, any activation fee and the price you will pay once the commitment ends.",
              "Plain language: we explain technical terms simply and keep marketing claims separate from facts.",
              "Open to correction: if you spot something missing or wrong, tell us. We will check it and put it right.",
            ],
          },
        ],
      },
      {
        heading: "Get in touch",
        blocks: [
          {
            type: "paragraph",
            text: "For questions, suggestions or corrections, use the form on our contact page or write to info@genisbant.com.tr. If you would like to promote your company or advertise with us, have a look at our advertising page.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-21",
  },
};
