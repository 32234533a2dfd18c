import type { FaqPage, Localised } from "./types";

/** /sikca-sorulan-sorular — 15 entries, same order in both languages. */
export const faqPage: Localised<FaqPage> = {
  tr: {
    title: "Sıkça Sorulan Sorular",
    description:
      "Altyapı sorgulama, hız testi, ADSL, VDSL ve fiber farkı, taahhüt, geri arama talebi ve üyelik hakkında sıkça sorulan sorular ve yanıtları.",
    lead:
      "GenişBant'ı kullanırken en çok merak edilen konuları burada yanıtladık. Aradığınız yanıtı bulamazsanız iletişim sayfamızdan bize yazabilirsiniz.",
    entries: [
      {
        question: "ADSL, VDSL ve fiber arasındaki fark nedir?",
        answer:
          "ADSL ve VDSL, internet sinyalini bakır telefon hattı üzerinden taşır. ADSL bağlantısı genellikle santralden gelir ve ADSL2+ teknolojisinde hız en fazla 24 Mbps civarındadır. VDSL ise evinize daha yakın bir saha dolabından verilir ve kısa mesafede 100 Mbps civarına kadar çıkabilir. Her ikisinde de hat uzadıkça hız düşer.\n\nFiber internette sinyal, ışık olarak cam elyaf kablolar üzerinden taşınır. Fiber kablo evinize kadar geliyorsa mesafe hızı pratikte etkilemez, çok daha yüksek hızlar mümkündür ve bağlantı daha kararlıdır. Adresinizde hangisinin bulunduğunu altyapı sorgusuyla öğrenebilirsiniz.",
      },
      {
        question: "Adresime göre altyapı sorgulama nasıl yapılır?",
        answer:
          "Altyapı sorgulama sayfasında adres sekmesini açın ve adresinizi sırasıyla il, ilçe, bucak, köy veya mahalle, cadde ya da sokak, bina ve daire olarak seçin. Her seçim bir sonraki listeyi doldurur. Sonuçta adresinizde fiber, VDSL veya ADSL altyapısının bulunup bulunmadığını ve tahmini bağlantı hızınızı görürsünüz.\n\nEvinizde sabit telefon hattı varsa telefon sekmesinden numaranızı girerek aynı bilgiye daha kısa yoldan ulaşabilirsiniz. Adresinizde bu altyapıların hiçbiri yoksa sonuçta hizmet bulunamadığı belirtilir. Sonuçlar bilgilendirme amaçlıdır; kesin durum, abonelik başvurusunda şirketin yapacağı kontrolle netleşir.",
      },
      {
        question: "Tahmini hız neden santrale veya saha dolabına olan uzaklığa bağlı?",
        answer:
          "ADSL ve VDSL'de sinyal bakır hat üzerinde ilerledikçe zayıflar; hat ne kadar uzunsa taşıyabileceği en yüksek hız o kadar düşer. VDSL2 teknolojisinde saha dolabına yakın bir hatta 100 Mbps civarında hız alınabilirken, 1,5 km uzaklıkta bu değer 10 Mbps civarına iner. ADSL2+ teknolojisinde hız, santrale yakın hatlarda yaklaşık 24 Mbps iken 5 km uzaklıkta 1 Mbps civarına düşer.\n\nBu yüzden aynı paketi kullanan iki kişi, farklı adreslerde çok farklı hızlar alabilir. Altyapı sorgusu bu uzaklığı dikkate alarak tahmini bir hız gösterir. Bina içi tesisat, modem ve kablosuz bağlantının kalitesi gibi etkenler gerçek hızı ayrıca etkileyebilir.",
      },
      {
        question: "Paketlerdeki “100 Mbps hıza kadar” gibi ifadeler ne anlama geliyor?",
        answer:
          "Pakette yazan hız, o paketle ulaşılabilecek en yüksek hızdır; her koşulda alacağınız hız değildir. Gerçek hız; altyapınıza, santrale ya da saha dolabına olan uzaklığınıza, bina içi tesisata, modeminize, kablosuz bağlantının kalitesine ve yoğun saatlerdeki şebeke yüküne göre değişir.\n\nHattınızın taşıyabileceğinden daha hızlı bir paket alırsanız aradaki farktan yararlanamazsınız. Bu yüzden paket seçmeden önce altyapı sorgusunda adresiniz için gösterilen tahmini hıza bakmanızı öneririz.",
      },
      {
        question: "İnternet hız testi ne kadar sürer, neleri ölçer?",
        answer:
          "Hız testini başlattığınızda sonuç bir dakika içinde ekranınızda olur. Test; indirme hızını, yükleme hızını ve ping süresini (gecikmeyi) ölçer.\n\nEn doğru sonuç için mümkünse bilgisayarınızı modeme kabloyla bağlayın, test sırasında dosya indirme ya da video izleme gibi bağlantıyı yoğun kullanan işlemleri durdurun ve testi günün farklı saatlerinde birkaç kez tekrarlayın.",
      },
      {
        question: "İnternetim yavaş, ne yapabilirim?",
        answer:
          "Önce hız testiyle bağlantınızı ölçün ve sonucu, altyapı sorgusunda adresiniz için gösterilen tahmini hızla karşılaştırın. Modeminizi kapatıp birkaç dakika sonra yeniden açın. Modemi evin ortasına yakın, yüksek ve açık bir yere koyun; kalın duvarlar ve metal eşyalar kablosuz sinyali zayıflatır. Modeminiz destekliyorsa 5 GHz kablosuz ağı kullanın, modem yazılımını güncel tutun ve bağlantıyı yoğun kullanan başka cihaz olup olmadığını kontrol edin. ADSL ve VDSL hatlarda uzun telefon uzatma kablolarından kaçının ve ayraç (splitter) kullanın.\n\nModeme kabloyla bağlıyken bile ölçtüğünüz hız tahmini hızın belirgin biçimde altındaysa, test sonuçlarınızla birlikte servis sağlayıcınıza arıza kaydı açtırın. Adresinizde daha hızlı bir altyapı (VDSL veya fiber) varsa paketinizi ya da şirketinizi değiştirmek de kalıcı bir çözüm olabilir.",
      },
      {
        question: "Türkiye'de kaç internet servis sağlayıcı var?",
        answer:
          "Türkiye'de 300'den fazla internet servis sağlayıcı bulunuyor. Bunların 100'den fazlası ülke genelinde, 200'den fazlası ise belirli il ya da bölgelerde hizmet veriyor.\n\nBölgesel sağlayıcılar çoğu zaman yalnızca belirli yerleşim yerlerinde hizmet verdiğinden, size hangi şirketlerin ulaşabildiğini görmek için altyapı sorgusunu ve şehre göre şirket listelerini kullanmanızı öneririz.",
      },
      {
        question: "Taahhüt nedir, taahhüt bitince fiyat değişir mi?",
        answer:
          "Taahhüt, belirli bir süre aynı şirkette kalmayı kabul etmeniz karşılığında daha düşük bir aylık ücret veya başka indirimler almanızdır. Sitemizde paketleri taahhütsüz, 12 ay ve 24 ay taahhütlü olarak filtreleyebilirsiniz. Taahhüt süresi dolmadan aboneliğinizi iptal ederseniz, o güne kadar yararlandığınız indirimleri cayma bedeli olarak ödemeniz gerekebilir.\n\nTaahhüt sona erdiğinde fiyat genellikle yükselir. Bu nedenle hem taahhüt süresince ödeyeceğiniz fiyatı hem de taahhüt bittikten sonraki fiyatı gösteririz; karar verirken ikisine birlikte bakmanızı öneririz.",
      },
      {
        question: "Geri arama talebi nasıl işler?",
        answer:
          "Beğendiğiniz bir paket için formu doldurarak şirketin sizi aramasını isteyebilirsiniz. Adınızı, soyadınızı ve telefon numaranızı yazıp onay vermeniz yeterlidir. Bilgilerinizi yalnızca seçtiğiniz şirkete iletiriz; şirketin satış temsilcisi sizi arayarak sorularınızı yanıtlar ve başvuru adımlarında yardımcı olur.\n\nAbonelik sözleşmesini doğrudan şirketle yaparsınız. GenişBant bu sözleşmenin tarafı değildir ve bu hizmet için sizden ücret almaz.",
      },
      {
        question: "GenişBant ücretsiz mi, nasıl para kazanıyor?",
        answer:
          "Evet, GenişBant ücretsizdir. Altyapı sorgulama, hız testi, karşılaştırma ve geri arama talebi için sizden ücret almayız; paket de satmayız. Gelirimiz bazı şirketlerle yaptığımız iş birliği anlaşmalarından ve reklamlardan gelir.\n\nSponsorlu yerleşimler her zaman açıkça etiketlenir. Bir şirketin bize ödeme yapması, filtre sonuçlarını ve tarafsız sıralamayı hiçbir şekilde değiştirmez.",
      },
      {
        question: "Neden üye olmalıyım, nasıl üye olurum?",
        answer:
          "Altyapı sorgulama, hız testi ve karşılaştırma için üye olmanız gerekmez. Üyelik; şirketler ve paketler hakkında değerlendirme yazmak, blog yazılarına yorum yapmak ve profilinizi yönetmek için gereklidir. Şirket profili ve paket yayımlamak isteyen işletmeler kurumsal üyelik açar.\n\nÜye olmak için Hesap Oluştur sayfasında bireysel veya kurumsal sekmeyi seçin; adınızı, soyadınızı ve e-posta adresinizi yazıp bir şifre belirleyin, ardından üyelik sözleşmesini ve aydınlatma metnini onaylayın. Reklam izni vermek isteğe bağlıdır. Son olarak size gönderilen e-postayla adresinizi doğrulamanız yeterlidir.",
      },
      {
        question: "Yorumlar nasıl denetleniyor?",
        answer:
          "Şirket, paket ve blog yorumlarını yalnızca üyelerimiz yazabilir. Yeni yorumlar, ekibimiz tarafından kontrol edilip onaylandıktan sonra yayımlanır. Hakaret, küfür, başkalarına ait kişisel bilgiler, reklam veya konuyla ilgisi olmayan içerik barındıran yorumlar yayımlanmaz ya da sonradan kaldırılır.\n\nOlumsuz bir yorum, yalnızca olumsuz olduğu için silinmez. Bir şirketin bize ödeme yapması da yorumların yayımlanmasını veya içeriğini etkilemez. İstenmeyen toplu gönderimleri önlemek için kısa aralıklarla art arda yorum gönderilemez.",
      },
      {
        question: "Hesabımı nasıl silebilirim?",
        answer:
          "Giriş yaptıktan sonra Ayarlar sayfasındaki hesap silme sekmesinden hesabınızın silinmesini isteyebilirsiniz. Talebinizle birlikte hesabınıza erişiminiz hemen sona erer; verileriniz ise 30 gün boyunca saklanır.\n\nBu 30 gün içinde bizimle iletişime geçerseniz hesabınızı geri açabiliriz. Sürenin sonunda verileriniz kalıcı olarak silinir ve geri getirilemez. Sitenin başka bölümlerinde yazdığınız yorumlar ve içerikler ise sizinle ilişkilendirilemeyecek biçimde anonimleştirilir.",
      },
      {
        question: "Şirketimi GenişBant'ta nasıl listeletebilirim?",
        answer:
          "Kurumsal üyelik açarak yönetim panelinden şirket profilinizi oluşturabilirsiniz. Profiliniz ekibimizin onayından sonra yayına alınır; ardından paketlerinizi ve blog yazılarınızı kendiniz ekleyip güncelleyebilirsiniz. Listelenmek ücretsizdir.\n\nSponsorlu listeleme, banner veya blog içeriği gibi ücretli seçenekler için Reklam sayfamıza göz atabilir ya da iletişim formundan bize yazabilirsiniz. Ücretli yerleşimler her zaman etiketlenir ve tarafsız sıralamayı etkilemez.",
      },
      {
        question: "Bültene nasıl abone olurum?",
        answer:
          "Sayfanın alt kısmındaki bülten alanına e-posta adresinizi yazın ve bülten ile reklam içerikli e-postalar almayı kabul ettiğinizi belirten kutuyu işaretleyin. Onayınızı ve onay zamanını kayıt altına alırız. Bültende yeni paketler, kampanyalar ve blog yazılarımızla ilgili haberler paylaşırız.\n\nBültenden dilediğiniz zaman ayrılabilirsiniz; e-postalardaki abonelikten çıkma bağlantısını kullanmanız ya da bize yazmanız yeterlidir.",
      },
    ],
    updatedAt: "2026-11-21",
  },
  en: {
    title: "Frequently asked questions",
    description:
      "Answers to common questions about infrastructure lookup, the speed test, ADSL, VDSL and fibre, commitment periods, call-back requests and accounts.",
    lead:
      "Here are answers to the questions people ask us most about using GenişBant. If yours isn't covered, write to us through the contact page.",
    entries: [
      {
        question: "What is the difference between ADSL, VDSL and fibre?",
        answer:
          "ADSL and VDSL carry the internet signal over a copper telephone line. ADSL is usually served from the telephone exchange, and with ADSL2+ the top speed is around 24 Mbps. VDSL is served from a street cabinet closer to your home and can reach around 100 Mbps over short distances. With both, speed drops as the line gets longer.\n\nFibre carries the signal as light through glass fibre cables. If the fibre runs all the way to your home, distance makes practically no difference, much higher speeds are possible and the connection is more stable. An infrastructure lookup tells you which of these is available at your address.",
      },
      {
        question: "How does the infrastructure lookup by address work?",
        answer:
          "On the infrastructure lookup page, open the address tab and choose, in order, your province, district, sub-district, village or neighbourhood, street, building and flat. Each choice fills in the next list. The result shows whether fibre, VDSL or ADSL is available at your address, and the speed you can expect.\n\nIf you have a landline, you can get the same information more quickly by entering your number on the phone tab. If none of these technologies reaches your address, the result says that no service was found. Results are for guidance: the final word comes from the company's own check when you apply.",
      },
      {
        question: "Why does the estimated speed depend on the distance to the exchange or cabinet?",
        answer:
          "With ADSL and VDSL the signal weakens as it travels along the copper line, so the longer the line, the lower the top speed it can carry. VDSL2 can deliver around 100 Mbps close to the street cabinet, but only about 10 Mbps at 1.5 km. ADSL2+ falls from about 24 Mbps near the exchange to about 1 Mbps at 5 km.\n\nThat is why two people on the same package can get very different speeds at different addresses. The infrastructure lookup takes this distance into account when it estimates your speed. Your in-home wiring, your modem and the quality of your Wi-Fi can affect the real speed too.",
      },
      {
        question: "What does “up to 100 Mbps” mean in a package description?",
        answer:
          "The speed quoted for a package is the highest speed the package can reach, not the speed you will get in every situation. Your real speed depends on your infrastructure, your distance from the exchange or cabinet, your in-home wiring, your modem, the quality of your Wi-Fi and how busy the network is at peak times.\n\nIf you buy a package that is faster than your line can carry, you won't get the difference. So before choosing a package, check the estimated speed that the infrastructure lookup shows for your address.",
      },
      {
        question: "How long does the speed test take, and what does it measure?",
        answer:
          "Once you start the speed test, your result appears within one minute. The test measures your download speed, upload speed and ping (latency).\n\nFor the most accurate result, connect your computer to the modem with a cable if you can, pause anything that uses a lot of bandwidth, such as downloads or video streaming, and repeat the test a few times at different times of day.",
      },
      {
        question: "My internet is slow. What can I do?",
        answer:
          "Start by measuring your connection with the speed test and comparing the result with the estimated speed the infrastructure lookup shows for your address. Turn your modem off, wait a few minutes and turn it back on. Put the modem somewhere central, high up and in the open, since thick walls and metal objects weaken the Wi-Fi signal. Use the 5 GHz Wi-Fi network if your modem supports it, keep the modem's firmware up to date and check whether other devices are using a lot of bandwidth. On ADSL and VDSL lines, avoid long telephone extension cables and use a splitter.\n\nIf your speed is still well below the estimate with a cable connection, report a fault to your provider and give them your test results. If faster infrastructure (VDSL or fibre) is available at your address, switching package or provider may be the lasting fix.",
      },
      {
        question: "How many internet service providers are there in Turkey?",
        answer:
          "There are more than 300 internet service providers in Turkey. Over 100 of them operate nationwide, and over 200 serve particular provinces or regions.\n\nRegional providers often cover only certain areas, so to see which companies can actually reach you, use the infrastructure lookup and the company lists by city.",
      },
      {
        question: "What is a commitment period, and does the price change when it ends?",
        answer:
          "A commitment (taahhüt) means agreeing to stay with the same company for a set period in return for a lower monthly fee or other discounts. On our site you can filter packages by no commitment, 12 months or 24 months. If you cancel before the commitment ends, you may have to pay back the discounts you have received as an early termination fee.\n\nThe price usually goes up when the commitment ends. That is why we show both the price you pay during the commitment and the price after it ends, and we suggest looking at both before you decide.",
      },
      {
        question: "How does a call-back request work?",
        answer:
          "If you like a package, you can fill in the form to ask the company to call you. All you need to give is your name, surname and phone number, and your consent. We pass your details to the company you chose and to no one else. One of its sales advisers then calls you to answer your questions and help you through the application.\n\nYou sign the subscription contract directly with the company. GenişBant is not a party to that contract and does not charge you for this service.",
      },
      {
        question: "Is GenişBant free? How does it make money?",
        answer:
          "Yes, GenişBant is free. We don't charge you for infrastructure lookups, the speed test, comparisons or call-back requests, and we don't sell packages. Our income comes from agreements with some companies and from advertising.\n\nSponsored placements are always clearly labelled. A company paying us never changes filter results or the neutral ranking in any way.",
      },
      {
        question: "Why should I register, and how do I do it?",
        answer:
          "You don't need an account for infrastructure lookups, the speed test or comparisons. An account lets you review companies and packages, comment on blog posts and manage your profile. Businesses that want to publish a company profile and packages open a corporate account.\n\nTo register, go to the Create account page, choose the individual or corporate tab, enter your name, surname, e-mail address and a password, and accept the membership agreement and the personal data notice. Advertising consent is optional. Then confirm your address using the e-mail we send you.",
      },
      {
        question: "How are reviews moderated?",
        answer:
          "Only members can write reviews of companies and packages or comment on blog posts. New reviews and comments are checked by our team and published once approved. Anything containing insults, profanity, other people's personal information, advertising or off-topic content is not published, or is removed later.\n\nA negative review is never removed just because it is negative, and a company paying us has no effect on whether or how reviews are published. To prevent spam, you can't post several comments in quick succession.",
      },
      {
        question: "How do I delete my account?",
        answer:
          "Once signed in, go to the account deletion tab on the Settings page and request deletion. Your access to the account ends straight away, and your data is kept for 30 days.\n\nIf you contact us within those 30 days, we can restore your account. After that, your data is erased for good and cannot be recovered. Reviews, comments and other content you wrote elsewhere on the site are anonymised so they can no longer be linked to you.",
      },
      {
        question: "How can my company be listed on GenişBant?",
        answer:
          "Open a corporate account and create your company profile from the dashboard. Your profile goes live once our team has approved it, and you can then add and update your packages and blog posts yourself. Being listed is free.\n\nFor paid options such as sponsored listings, banners or blog content, see our advertising page or write to us through the contact form. Paid placements are always labelled and never affect the neutral ranking.",
      },
      {
        question: "How do I subscribe to the newsletter?",
        answer:
          "Enter your e-mail address in the newsletter box at the bottom of the page and tick the box confirming that you agree to receive the newsletter and promotional e-mails. We record your consent and when you gave it. The newsletter brings news about new packages, offers and our latest blog posts.\n\nYou can leave at any time by using the unsubscribe link in our e-mails or by writing to us.",
      },
    ],
    updatedAt: "2026-11-21",
  },
};
