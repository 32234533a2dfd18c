import type { Localised, StaticPage } from "./types";

/** /kisisel-verilerin-korunmasi */
export const kvkkPage: Localised<StaticPage> = {
  tr: {
    title: "Kişisel Verilerin Korunması Aydınlatma Metni",
    description:
      "6698 sayılı KVKK kapsamında GenişBant aydınlatma metni: işlenen kişisel veriler, amaçlar, hukuki sebepler, aktarımlar ve başvuru yolları.",
    lead:
      "Bu aydınlatma metni, 6698 sayılı Kişisel Verilerin Korunması Kanunu'nun (KVKK) 10. maddesi uyarınca, GenişBant'ı kullanırken kişisel verilerinizin hangi amaçlarla ve hangi hukuki sebeplere dayanılarak işlendiğini, kimlere aktarıldığını ve bu konudaki haklarınızı açıklamak için hazırlanmıştır.",
    sections: [
      {
        heading: "Veri sorumlusu",
        blocks: [
          {
            type: "paragraph",
            text: "KVKK kapsamında veri sorumlusu, genisbant.com.tr internet sitesini işleten GenişBant'tır. Kişisel verilerinizle ilgili soru ve talepleriniz için kvkk@genisbant.com.tr adresine yazabilir ya da iletişim sayfamızdaki formu kullanabilirsiniz.",
          },
        ],
      },
      {
        heading: "İşlenen kişisel veri kategorileri",
        blocks: [
          {
            type: "list",
            items: [
              "Kimlik: ad, soyad.",
              "İletişim: e-posta adresi, telefon numarası, şehir.",
              "Müşteri işlem: geri arama talepleri ile talep edilen şirket ve paket, taahhüt hatırlatmaları ile paket, taahhüdün bittiği tarih ve il, iletişim formu mesajları ve ekleri, altyapı sorgusunda girilen adres veya sabit telefon numarası, altyapı bildirimi istenen dairenin kodu, hız testi sonuçları.",
              "Kullanıcı içeriği ve profil: yorumlar, değerlendirmeler, blog yazıları, hakkınızda yazısı, yetenekler, sosyal medya hesap adresleri; kurumsal üyelerde şirket profili ve paket bilgileri.",
              "Görsel veri: profil fotoğrafı.",
              "İşlem güvenliği: şifrenin geri çevrilemeyen özeti, tuzlanmış özet (salted hash) biçimindeki IP adresi bilgisi, tarayıcı bilgisi (user-agent), oturum ve güvenlik çerezleri.",
              "Pazarlama: bülten aboneliği, onay metni ve onay zamanı, üyelik sırasında verilen isteğe bağlı reklam izni.",
            ],
          },
        ],
      },
      {
        heading: "Kişisel verilerin işlenme amaçları",
        blocks: [
          {
            type: "list",
            items: [
              "Üyelik hesabının oluşturulması ve yönetilmesi, giriş, e-posta doğrulama ve şifre sıfırlama işlemlerinin yürütülmesi.",
              "Altyapı ve hız sorgusu ile internet hız testinin yapılması ve sonuçlarının gösterilmesi.",
              "Geri arama talebinin, talepte bulunduğunuz şirkete iletilmesi.",
              "İsteğiniz üzerine, taahhüdünüz bitmeden bir ay önce taahhüt sonrası fiyatı ve daha ucuz paketleri bildiren tek bir e-posta gönderilmesi.",
              "İletişim formuyla gelen soru, öneri, reklam ve iş birliği taleplerinin yanıtlanması.",
              "Yorum ve değerlendirmelerin yayımlanması ve denetlenmesi.",
              "Kurumsal üyelerin şirket profili, paket ve blog içeriklerinin yayımlanması.",
              "Onay vermeniz hâlinde bülten ve ticari elektronik ileti gönderilmesi.",
              "Bilgi güvenliğinin sağlanması, kötüye kullanımın ve yetkisiz erişimin önlenmesi.",
              "Hukuki yükümlülüklerin yerine getirilmesi ve yetkili kurumların taleplerinin karşılanması.",
            ],
          },
        ],
      },
      {
        heading: "Toplama yöntemi ve hukuki sebepler",
        blocks: [
          {
            type: "paragraph",
            text: "Kişisel verileriniz; üyelik, iletişim, geri arama, bülten ve yorum formları, altyapı sorgulama ve hız testi araçları ile çerezler ve benzeri teknolojiler aracılığıyla, tamamen veya kısmen otomatik yollarla elektronik ortamda toplanır. Bu veriler, KVKK'nın 5. maddesinde yer alan şu hukuki sebeplere dayanılarak işlenir:",
          },
          {
            type: "list",
            items: [
              "Bir sözleşmenin kurulması veya ifasıyla doğrudan doğruya ilgili olması (m. 5/2-c): üyelik hesabının açılması ve yönetilmesi, kurumsal profil ve paketlerin yayımlanması, talep ettiğiniz sorgu ve testlerin yapılması.",
              "Veri sorumlusunun hukuki yükümlülüğünü yerine getirebilmesi için zorunlu olması (m. 5/2-ç): yasal saklama yükümlülükleri ve yetkili kurumların talepleri.",
              "Bir hakkın tesisi, kullanılması veya korunması için veri işlemenin zorunlu olması (m. 5/2-e): olası uyuşmazlıklarda hakların korunması.",
              "Temel hak ve özgürlüklerinize zarar vermemek kaydıyla, veri sorumlusunun meşru menfaatleri için veri işlenmesinin zorunlu olması (m. 5/2-f): iletişim mesajlarının yanıtlanması, yorumların denetlenmesi, site güvenliğinin sağlanması ve kötüye kullanımın önlenmesi.",
              "Açık rızanız (m. 5/1): bülten ve ticari elektronik ileti gönderilmesi, isteğe bağlı reklam izni, taahhüt hatırlatması ve altyapı bildirimi e-postaları ve geri arama talebinizin seçtiğiniz şirkete aktarılması. Açık rızanızı dilediğiniz zaman geri alabilirsiniz; geri alma, daha önce yapılan işlemleri etkilemez.",
            ],
          },
        ],
      },
      {
        heading: "Kişisel verilerin aktarılması",
        blocks: [
          {
            type: "paragraph",
            text: "Kişisel verileriniz, KVKK'nın 8. ve 9. maddelerine uygun olarak ve yalnızca gerektiği ölçüde aşağıdaki alıcılara aktarılır:",
          },
          {
            type: "list",
            items: [
              "Aranmak istediğiniz şirket: Geri arama talebinizdeki adınız, soyadınız, telefon numaranız ve ilgilendiğiniz paket yalnızca seçtiğiniz şirkete iletilir. Şirket bu bilgileri kendi veri sorumluluğu altında işler.",
              "Hizmet sağlayıcılarımız: sitenin barındırıldığı sunucu (hosting) ve e-posta gönderim hizmetlerini aldığımız veri işleyenler, sitenin güvenliği ve hızlı yüklenmesi için Cloudflare ve sitedeki reklam alanları için Google AdSense.",
              "Yetkili kamu kurum ve kuruluşları: yasal bir yükümlülük bulunduğunda ve talep edildiği ölçüde.",
            ],
          },
          {
            type: "paragraph",
            text: "Bu hizmet sağlayıcılardan bazılarının sunucuları yurt dışında bulunabilir. Yurt dışına aktarım, KVKK'nın 9. maddesinde öngörülen şartlara ve güvencelere uygun olarak yapılır.",
          },
        ],
      },
      {
        heading: "KVKK'nın 11. maddesi kapsamındaki haklarınız",
        blocks: [
          {
            type: "paragraph",
            text: "Veri sorumlusuna başvurarak aşağıdaki haklarınızı kullanabilirsiniz:",
          },
          {
            type: "list",
            items: [
              "Kişisel verilerinizin işlenip işlenmediğini öğrenme",
              "Kişisel verileriniz işlenmişse buna ilişkin bilgi talep etme",
              "Kişisel verilerinizin işlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme",
              "Yurt içinde veya yurt dışında kişisel verilerinizin aktarıldığı üçüncü kişileri bilme",
              "Kişisel verilerinizin eksik veya yanlış işlenmiş olması hâlinde bunların düzeltilmesini isteme",
              "KVKK'nın 7. maddesinde öngörülen şartlar çerçevesinde kişisel verilerinizin silinmesini veya yok edilmesini isteme",
              "Düzeltme, silme veya yok etme işlemlerinin, kişisel verilerinizin aktarıldığı üçüncü kişilere bildirilmesini isteme",
              "İşlenen verilerin münhasıran otomatik sistemler vasıtasıyla analiz edilmesi suretiyle aleyhinize bir sonucun ortaya çıkmasına itiraz etme",
              "Kişisel verilerinizin kanuna aykırı olarak işlenmesi sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme",
            ],
          },
        ],
      },
      {
        heading: "Başvuru yöntemi",
        blocks: [
          {
            type: "paragraph",
            text: "Taleplerinizi, Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ'e uygun olarak, sistemimizde kayıtlı e-posta adresinizden kvkk@genisbant.com.tr adresine göndererek ya da iletişim sayfamızdaki formu kullanarak yazılı olarak iletebilirsiniz.",
          },
          {
            type: "paragraph",
            text: "Başvurunuzda adınız ve soyadınız, Türkiye Cumhuriyeti vatandaşıysanız T.C. kimlik numaranız, yabancıysanız uyruğunuz ile pasaport numaranız veya varsa kimlik numaranız, tebligata esas yerleşim yeri veya iş yeri adresiniz, varsa bildirime esas e-posta adresiniz ve telefon numaranız ile talebinizin konusu yer almalıdır. Kimliğinizi doğrulamak için ek bilgi isteyebiliriz.",
          },
          {
            type: "paragraph",
            text: "Başvurunuzu, talebin niteliğine göre en kısa sürede ve en geç otuz gün içinde ücretsiz olarak sonuçlandırırız. İşlemin ayrıca bir maliyet gerektirmesi hâlinde, Kişisel Verileri Koruma Kurulunca belirlenen tarifedeki ücret alınabilir. Başvurunuzun reddedilmesi, verilen yanıtı yetersiz bulmanız veya süresinde yanıt verilmemesi hâllerinde KVKK'nın 14. maddesi uyarınca Kişisel Verileri Koruma Kuruluna şikâyette bulunabilirsiniz.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-26",
  },
  en: {
    title: "Personal data protection notice",
    description:
      "GenişBant's notice under Turkish Law No. 6698 (KVKK): what personal data we process, why, on what legal grounds, who receives it and how to apply.",
    lead:
      "This notice is given under Article 10 of Turkish Law No. 6698 on the Protection of Personal Data (KVKK). It explains why and on what legal grounds your personal data is processed when you use GenişBant, who it is transferred to, and what rights you have.",
    sections: [
      {
        heading: "Data controller",
        blocks: [
          {
            type: "paragraph",
            text: "For the purposes of the KVKK, the data controller is GenişBant, which runs the genisbant.com.tr website. For any question or request about your personal data, write to kvkk@genisbant.com.tr or use the form on our contact page.",
          },
        ],
      },
      {
        heading: "Categories of personal data",
        blocks: [
          {
            type: "list",
            items: [
              "Identity: name and surname.",
              "Contact: e-mail address, phone number and city.",
              "Customer transactions: call-back requests with the company and package concerned, commitment reminders with the package, the day the commitment ends and the province, contact form messages and attachments, the address or landline number entered for an infrastructure lookup, the code of a flat an infrastructure alert is asked for, and speed test results.",
              "User content and profile: reviews, comments, blog posts, about text, skills and social media links; for corporate members, company profile and package details.",
              "Visual data: profile photo.",
              "Transaction security: a one-way hash of your password, your IP address in salted-hash form, user agent, and sign-in and security cookies.",
              "Marketing: newsletter subscription with the consent text and time of consent, and the optional advertising consent given at registration.",
            ],
          },
        ],
      },
      {
        heading: "Why we process personal data",
        blocks: [
          {
            type: "list",
            items: [
              "To create and manage member accounts, and to handle sign-in, e-mail verification and password resets.",
              "To run infrastructure and speed lookups and the internet speed test, and to show their results.",
              "To pass a call-back request to the company you asked to be called by.",
              "At your request, to send one e-mail a month before your commitment ends with the price after it and cheaper packages.",
              "To answer questions, suggestions, advertising and partnership enquiries sent through the contact form.",
              "To publish and moderate reviews and comments.",
              "To publish corporate members' company profiles, packages and blog content.",
              "To send the newsletter and commercial e-mails, if you have consented to them.",
              "To keep information secure and prevent abuse and unauthorised access.",
              "To meet our legal obligations and respond to requests from the authorities.",
            ],
          },
        ],
      },
      {
        heading: "How data is collected and legal grounds",
        blocks: [
          {
            type: "paragraph",
            text: "Your personal data is collected electronically, by fully or partly automated means, through the registration, contact, call-back, newsletter and review forms, the infrastructure lookup and speed test tools, and cookies and similar technologies. It is processed on the following legal grounds under Article 5 of the KVKK:",
          },
          {
            type: "list",
            items: [
              "Processing is directly related to the formation or performance of a contract (Art. 5(2)(c)): opening and managing your account, publishing corporate profiles and packages, and carrying out the lookups and tests you request.",
              "Processing is necessary for the data controller to comply with a legal obligation (Art. 5(2)(ç)): statutory retention duties and requests from the authorities.",
              "Processing is necessary to establish, exercise or protect a right (Art. 5(2)(e)): protecting our rights in the event of a dispute.",
              "Processing is necessary for the data controller's legitimate interests, provided it does not harm your fundamental rights and freedoms (Art. 5(2)(f)): answering contact messages, moderating reviews, keeping the site secure and preventing abuse.",
              "Your explicit consent (Art. 5(1)): sending the newsletter and commercial e-mails, the optional advertising consent, the commitment reminder and infrastructure alert e-mails, and transferring your call-back request to the company you chose. You can withdraw your consent at any time; withdrawal does not affect processing carried out before it.",
            ],
          },
        ],
      },
      {
        heading: "Transfers of personal data",
        blocks: [
          {
            type: "paragraph",
            text: "Your personal data is transferred in line with Articles 8 and 9 of the KVKK, only as far as necessary, and only to the following recipients:",
          },
          {
            type: "list",
            items: [
              "The company you ask to call you: the name, surname, phone number and package in your call-back request are passed to that company only. The company then processes them as a data controller in its own right.",
              "Our service providers: the processors we use for hosting and e-mail delivery, Cloudflare for site security and fast delivery, and Google AdSense for the advertising spaces on the site.",
              "Public authorities: where there is a legal obligation, and only as far as requested.",
            ],
          },
          {
            type: "paragraph",
            text: "Some of these service providers may have servers outside Turkey. Any transfer abroad is made in line with the conditions and safeguards set out in Article 9 of the KVKK.",
          },
        ],
      },
      {
        heading: "Your rights under Article 11 of the KVKK",
        blocks: [
          {
            type: "paragraph",
            text: "By applying to the data controller, you have the right to:",
          },
          {
            type: "list",
            items: [
              "Find out whether your personal data is being processed",
              "Request information about it if it has been processed",
              "Find out the purpose of the processing and whether the data is used for that purpose",
              "Know the third parties in Turkey or abroad to whom your personal data has been transferred",
              "Ask for your personal data to be corrected if it is incomplete or inaccurate",
              "Ask for your personal data to be deleted or destroyed under the conditions set out in Article 7 of the KVKK",
              "Ask for any correction, deletion or destruction to be notified to the third parties who received your data",
              "Object to a result against you that arises solely from analysis of your data by automated systems",
              "Claim compensation if you suffer damage because your personal data was processed unlawfully",
            ],
          },
        ],
      },
      {
        heading: "How to apply",
        blocks: [
          {
            type: "paragraph",
            text: "In line with the Communiqué on the Procedures and Principles of Application to the Data Controller, you can send your request in writing to kvkk@genisbant.com.tr from the e-mail address registered with us, or through the form on our contact page.",
          },
          {
            type: "paragraph",
            text: "Your application must include your name and surname; your Turkish ID number if you are a Turkish citizen, or your nationality and passport number (or ID number, if you have one) if you are not; your residential or business address for official notices; your e-mail address and phone number, if any; and the subject of your request. We may ask for further information to confirm your identity.",
          },
          {
            type: "paragraph",
            text: "We will deal with your application as quickly as its nature allows and within thirty days at the latest, free of charge. If the request involves an additional cost, a fee may be charged in line with the tariff set by the Personal Data Protection Board. If your application is rejected, you find our answer inadequate, or we do not answer in time, you can complain to the Personal Data Protection Board under Article 14 of the KVKK.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-26",
  },
};
