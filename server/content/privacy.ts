import { OUTAGE_ALERT_CONFIRM_DAYS, OUTAGE_ALERT_KEEP_AFTER_OFF_DAYS, OUTAGE_KEEP_DAYS } from "../../common/outages";
import { ALERT_CONFIRM_DAYS, ALERT_KEEP_AFTER_DAYS, ALERT_MAX_DAYS } from "../../common/infrastructure/alert-retention";
import { REMINDER_CONFIRM_DAYS, REMINDER_KEEP_AFTER_END_DAYS, REMINDER_KEEP_AFTER_SENT_DAYS } from "../../common/reminders";
import type { Localised, StaticPage } from "./types";

/** /gizlilik */
export const privacyPage: Localised<StaticPage> = {
  tr: {
    title: "Gizlilik Politikası ve Kullanım Koşulları",
    description:
      "GenişBant gizlilik politikası ve kullanım koşulları: hangi bilgileri topladığımız, ne kadar sakladığımız, hesap silme süreci ve haklarınız.",
    lead:
      "Bu sayfa, GenişBant'ı kullanırken bize verdiğiniz bilgileri nasıl topladığımızı, kullandığımızı ve koruduğumuzu, ayrıca siteyi kullanırken geçerli olan kuralları açıklar. Kişisel verilerinizin işlenmesine ilişkin yasal bilgilendirme, Kişisel Verilerin Korunması Aydınlatma Metni'nde yer alır.",
    sections: [
      {
        heading: "Topladığımız bilgiler",
        blocks: [
          {
            type: "list",
            items: [
              "Üyelik bilgileri: ad, soyad, e-posta adresi ve şifre. İsterseniz telefon numarası, şehir, hakkınızda yazısı, yetenekler, sosyal medya adresleri ve profil fotoğrafı da ekleyebilirsiniz. Kurumsal üyelerde şirket profili, paket ve blog yazısı bilgileri de bu kapsamdadır.",
              "İletişim mesajları: İletişim formuyla gönderdiğiniz ad soyad, e-posta adresi, mesaj ve eklediğiniz dosyalar.",
              "Bülten aboneliği: e-posta adresiniz, onay verdiğiniz metin ve onay verdiğiniz zaman.",
              "Geri arama talepleri: adınız, soyadınız, telefon numaranız ve aranmak istediğiniz şirket ile paket.",
              "Taahhüt hatırlatmaları: e-posta adresiniz, paket, taahhüdünüzün bittiği tarih, iliniz, e-postanın dili, onay verdiğiniz metin ve onay verdiğiniz zaman (üyeyseniz hatırlatma hesabınıza bağlanır).",
              "Yorumlar ve değerlendirmeler: şirketler, paketler ve blog yazıları hakkında yazdıklarınız, bunlarla birlikte görünen adınız ve blog yorumlarında e-posta adresiniz.",
              "Hız testi sonuçları: indirme ve yükleme hızı, ping süresi ve ölçüm zamanı.",
              "Kesinti bildirimleri: sağlayıcı, sorun, il ve ilçe ile bildirim zamanı. Kim olduğunuzu söyleyen hiçbir bilgi tutulmaz; IP adresiniz yalnızca anahtarlı özet olarak, günde bir bildirim kuralı ve olayın ayrı ağ sayısı için saklanır.",
              "Kesinti uyarıları (üyeler için): e-posta adresiniz, sağlayıcı, il ve ilçe, e-postanın dili.",
              "Altyapı sorgusu: Sorgu için girdiğiniz adres veya sabit telefon numarası.",
              "Altyapı bildirimi (bir daireye fiber ya da boş port geldiğinde haber verilmesi): e-posta adresiniz, dairenin kodu, e-postanın dili, onay verdiğiniz metin ve onay verdiğiniz zaman.",
              "Teknik bilgiler: IP adresi (yalnızca tuzlanmış özet olarak), tarayıcı bilgisi (user-agent) ve Çerez Politikası'nda listelenen çerezler.",
            ],
          },
        ],
      },
      {
        heading: "Bilgileri nasıl kullanır ve kimlerle paylaşırız",
        blocks: [
          {
            type: "paragraph",
            text: "Bilgilerinizi; hesabınızı yönetmek, istediğiniz sorgu ve testleri yapmak, mesajlarınızı yanıtlamak, yorumları yayımlamak ve denetlemek, onay verdiyseniz bülten göndermek ve sitenin güvenliğini sağlamak için kullanırız.",
          },
          {
            type: "paragraph",
            text: "Geri arama talebinde bulunduğunuzda adınızı, soyadınızı ve telefon numaranızı yalnızca seçtiğiniz şirkete iletiriz; şirketin satış temsilcisi sizi arar. Bu bilgileri seçmediğiniz bir şirkete vermeyiz. Bunun dışında bilgileriniz yalnızca gerektiği ölçüde; hizmet aldığımız barındırma (hosting), e-posta gönderimi, içerik dağıtımı, güvenlik ve reklam sağlayıcılarıyla, yasal bir zorunluluk olduğunda da yetkili kurumlarla paylaşılır.",
          },
          {
            type: "paragraph",
            text: "IP adreslerini kayıtlarımızda açık hâliyle tutmayız; yalnızca tuzlanmış özet (salted hash) olarak saklarız. Bu özet, aynı bağlantıdan gelen kötüye kullanımı fark etmemize yeter, ancak kayıtlarımızda IP adresinizin kendisi yer almaz.",
          },
        ],
      },
      {
        heading: "Saklama süreleri",
        blocks: [
          {
            type: "list",
            items: [
              "Üyelik bilgileriniz, hesabınız açık kaldığı sürece saklanır.",
              "İletişim mesajları ve ekleri, talebinizi yanıtlamak ve olası takip yazışmaları için gerektiği süre boyunca saklanır.",
              "Bülten aboneliğiniz, abonelikten ayrılana kadar sürer. Ayrıldığınızda size bülten göndermeyi bırakırız; onayınıza ilişkin kayıt, yasal yükümlülüklerimiz için gereken süre boyunca saklanabilir.",
              "Abonelik ve geri arama talepleriniz (adınız, telefon numaranız ve onayınızın kaydı) bir yıl saklanır ve sonra silinir. Talebi seçtiğiniz şirkete ilettikten sonra, şirketin bu bilgileri kullanması o şirketin kendi gizlilik politikasına tabidir.",
              `Taahhüt hatırlatmaları, hatırlatma e-postası gönderildikten ${REMINDER_KEEP_AFTER_SENT_DAYS} gün sonra silinir. E-postalardaki bağlantıyla ya da Ayarlar sayfasından hatırlatmayı sildiğinizde hemen silinir. Onay bağlantısı açılmayan hatırlatmalar ${REMINDER_CONFIRM_DAYS} gün sonra, her durumda da taahhüdün bittiği tarihten en geç ${REMINDER_KEEP_AFTER_END_DAYS} gün sonra silinir.`,
              `Kesinti bildirimleri ${OUTAGE_KEEP_DAYS} gün sonra silinir. Kesinti uyarıları, kapattıktan ${OUTAGE_ALERT_KEEP_AFTER_OFF_DAYS} gün sonra; onay bağlantısı açılmayanlar ${OUTAGE_ALERT_CONFIRM_DAYS} gün sonra; hesabınızı sildiğinizde hemen silinir.`,
              `Altyapı bildirimleri, bildirim e-postası gönderildikten ya da bildirimi kapattıktan ${ALERT_KEEP_AFTER_DAYS} gün sonra silinir. Onay bağlantısı açılmayan bildirimler ${ALERT_CONFIRM_DAYS} gün sonra, beklemedeki bildirimler de en geç ${ALERT_MAX_DAYS} gün sonra silinir.`,
              "Kanunların daha uzun bir saklama süresi öngördüğü durumlarda bilgiler bu süre boyunca saklanır; süre dolduğunda silinir veya anonim hâle getirilir.",
            ],
          },
        ],
      },
      {
        heading: "Hesabınızı silme",
        blocks: [
          {
            type: "paragraph",
            text: "Giriş yaptıktan sonra Ayarlar sayfasındaki hesap silme sekmesinden hesabınızın silinmesini isteyebilirsiniz. Süreç şöyle işler:",
          },
          {
            type: "list",
            items: [
              "Talebinizle birlikte hesabınıza erişiminiz hemen sona erer.",
              "Verileriniz 30 gün boyunca saklanır. Bu süre içinde bizimle iletişime geçerseniz hesabınızı geri açabiliriz.",
              "30 günün sonunda verileriniz kalıcı olarak silinir ve artık geri getirilemez.",
              "Sitenin başka bölümlerinde yazdığınız yorumlar, değerlendirmeler ve içerikler silinmez; sizinle ilişkilendirilemeyecek biçimde anonimleştirilir.",
            ],
          },
        ],
      },
      {
        heading: "Haklarınız ve güvenlik",
        blocks: [
          {
            type: "paragraph",
            text: "Hakkınızda hangi bilgileri tuttuğumuzu öğrenebilir, bunların düzeltilmesini veya silinmesini isteyebilir, bilgilerinizin işlenmesine itiraz edebilir ve verdiğiniz onayları dilediğiniz zaman geri alabilirsiniz. Profil bilgilerinizi Ayarlar sayfasından kendiniz güncelleyebilirsiniz. Bültenden ayrılmak için e-postalardaki abonelikten çıkma bağlantısını kullanabilir ya da bize yazabilirsiniz. Kişisel verilerinize ilişkin başvurular için kvkk@genisbant.com.tr adresini kullanabilirsiniz.",
          },
          {
            type: "paragraph",
            text: "Bilgilerinizi korumak için şifreleri geri çevrilemeyen biçimde özetleyerek saklar, oturum çerezini sayfadaki betiklerin erişemeyeceği şekilde ayarlar, formları güvenlik anahtarıyla korur ve art arda yapılan şüpheli denemeleri sınırlarız. Verilere yalnızca işi gereği erişmesi gereken kişiler erişebilir. Hiçbir sistem tam güvenlik garantisi veremese de riskleri en aza indirmek için gerekli önlemleri alırız.",
          },
        ],
      },
      {
        heading: "Kullanım koşulları",
        blocks: [
          {
            type: "list",
            items: [
              "GenişBant'ı kullanmak ücretsizdir. Bir internet servis sağlayıcı değiliz; abonelik sözleşmelerini doğrudan ilgili şirketle yaparsınız ve GenişBant bu sözleşmelerin tarafı değildir.",
              "Paket, fiyat ve kampanya bilgileri şirketlerden gelir ve zaman içinde değişebilir. Altyapı sorgusu ve tahmini hızlar bilgilendirme amaçlıdır; kesin bilgiyi abonelik öncesinde ilgili şirketten teyit edin.",
              "Üyelik bilgilerinizin doğru olmasından ve şifrenizin gizli kalmasından siz sorumlusunuz.",
              "Yorum ve içeriklerinizde gerçek deneyiminizi paylaşın. Hakaret, küfür, başkalarına ait kişisel bilgiler, reklam, yanıltıcı veya hukuka aykırı içerikler yayımlanmaz ya da kaldırılır.",
              "Sitede yayımladığınız içeriklerin GenişBant'ta gösterilmesine izin vermiş olursunuz; bu içeriklerden doğan sorumluluk size aittir.",
              "Bu koşulları açıkça veya tekrar tekrar ihlal eden hesapları askıya alabilir ya da kapatabiliriz.",
            ],
          },
        ],
      },
      {
        heading: "Değişiklikler ve iletişim",
        blocks: [
          {
            type: "paragraph",
            text: "Bu metni hizmetlerimiz veya mevzuat değiştikçe güncelleyebiliriz. Güncellediğimizde sayfadaki güncelleme tarihini değiştiririz; önemli değişiklikleri ayrıca duyururuz. Sorularınız için iletişim sayfamızdaki formu kullanabilir ya da info@genisbant.com.tr adresine yazabilirsiniz.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-26",
  },
  en: {
    title: "Privacy policy and terms of use",
    description:
      "GenişBant's privacy policy and terms of use: what we collect, how long we keep it, how account deletion works and what your rights are.",
    lead:
      "This page explains how we collect, use and protect the information you give us when you use GenişBant, and sets out the rules that apply when you use the site. The formal notice on how personal data is processed is in our personal data protection notice.",
    sections: [
      {
        heading: "What we collect",
        blocks: [
          {
            type: "list",
            items: [
              "Account details: name, surname, e-mail address and password. You can also add a phone number, city, an about text, skills, social media links and a profile photo. For corporate members, this includes company profile, package and blog post details.",
              "Contact messages: the name, e-mail address, message and any files you send through the contact form.",
              "Newsletter subscription: your e-mail address, the consent text you agreed to and when you agreed to it.",
              "Call-back requests: your name, surname, phone number and the company and package you want to be called about.",
              "Commitment reminders: your e-mail address, the package, the day your commitment ends, your province, the language of the e-mail, the consent text you agreed to and when you agreed to it (for members, the reminder belongs to the account).",
              "Reviews and comments: what you write about companies, packages and blog posts, the name shown next to it and, for blog comments, your e-mail address.",
              "Speed test results: download and upload speed, ping and the time of the test.",
              "Outage reports: the provider, the problem, the province and district and the time of the report. Nothing that says who you are is kept; your IP address only as a keyed hash, for the one-report-a-day rule and an incident's count of distinct networks.",
              "Outage alerts (for members): your e-mail address, the provider, the province and district, the language of the e-mail.",
              "Infrastructure lookups: the address or landline number you enter for a lookup.",
              "Infrastructure alerts (being told when fiber or a free port reaches a flat): your e-mail address, the flat's code, the language of the e-mail, the consent text you agreed to and when you agreed to it.",
              "Technical data: IP address (stored only as a salted hash), user agent and the cookies listed in our cookie policy.",
            ],
          },
        ],
      },
      {
        heading: "How we use and share it",
        blocks: [
          {
            type: "paragraph",
            text: "We use your information to run your account, carry out the lookups and tests you ask for, answer your messages, publish and moderate reviews, send the newsletter if you have agreed to receive it, and keep the site secure.",
          },
          {
            type: "paragraph",
            text: "When you ask to be called back, we pass your name, surname and phone number to the company you chose and to no one else; one of its sales advisers then calls you. Apart from that, your information is shared only as far as necessary with the providers we rely on for hosting, e-mail delivery, content delivery and security, and advertising, and with the authorities where the law requires it.",
          },
          {
            type: "paragraph",
            text: "We don't keep IP addresses in readable form. We store only a salted hash, which is enough to spot abuse coming from the same connection without your actual IP address ever appearing in our records.",
          },
        ],
      },
      {
        heading: "How long we keep it",
        blocks: [
          {
            type: "list",
            items: [
              "Account details are kept for as long as your account is open.",
              "Contact messages and attachments are kept for as long as we need them to deal with your request and any follow-up.",
              "Your newsletter subscription lasts until you unsubscribe. After that we stop sending you the newsletter, but the record of your consent may be kept for as long as our legal obligations require.",
              "Subscription and call-back requests (your name, phone number and the record of your consent) are kept for one year and then deleted. Once we have passed a request to the company you chose, that company's own privacy policy governs how it uses your details.",
              `Commitment reminders are deleted ${REMINDER_KEEP_AFTER_SENT_DAYS} days after the reminder e-mail is sent, and at once when you delete the reminder with the link in our e-mails or on the Settings page. A reminder whose confirmation link is never opened is deleted after ${REMINDER_CONFIRM_DAYS} days, and every reminder at the latest ${REMINDER_KEEP_AFTER_END_DAYS} days after the day the commitment ends.`,
              `Outage reports are deleted after ${OUTAGE_KEEP_DAYS} days. Outage alerts are deleted ${OUTAGE_ALERT_KEEP_AFTER_OFF_DAYS} days after you turn them off, after ${OUTAGE_ALERT_CONFIRM_DAYS} days when the confirmation link is never opened, and at once when you delete your account.`,
              `Infrastructure alerts are deleted ${ALERT_KEEP_AFTER_DAYS} days after the alert e-mail is sent or after you turn the alert off. An alert whose confirmation link is never opened is deleted after ${ALERT_CONFIRM_DAYS} days, and one still waiting at the latest ${ALERT_MAX_DAYS} days after you asked for it.`,
              "Where the law requires a longer retention period, we keep the data for that period and then delete or anonymise it.",
            ],
          },
        ],
      },
      {
        heading: "Deleting your account",
        blocks: [
          {
            type: "paragraph",
            text: "Once signed in, you can ask for your account to be deleted from the account deletion tab on the Settings page. This is what happens next:",
          },
          {
            type: "list",
            items: [
              "Your access to the account ends straight away.",
              "Your data is kept for 30 days. If you contact us within that time, we can restore your account.",
              "After 30 days your data is erased for good and can no longer be recovered.",
              "Reviews, comments and other content you wrote elsewhere on the site are not deleted but anonymised, so they can no longer be linked to you.",
            ],
          },
        ],
      },
      {
        heading: "Your rights and security",
        blocks: [
          {
            type: "paragraph",
            text: "You can ask what information we hold about you, have it corrected or deleted, object to its processing and withdraw any consent you have given at any time. You can update your profile yourself on the Settings page. To leave the newsletter, use the unsubscribe link in our e-mails or write to us. Requests about your personal data can be sent to kvkk@genisbant.com.tr.",
          },
          {
            type: "paragraph",
            text: "To protect your information, we store passwords only as one-way hashes, set the sign-in cookie so that scripts on the page cannot read it, protect forms with a security token and limit repeated suspicious attempts. Only people who need the data for their work can access it. No system can promise perfect security, but we take the steps needed to keep the risks as low as possible.",
          },
        ],
      },
      {
        heading: "Terms of use",
        blocks: [
          {
            type: "list",
            items: [
              "GenişBant is free to use. We are not an internet service provider: you sign subscription contracts directly with the company concerned, and GenişBant is not a party to them.",
              "Package, price and campaign details come from the companies and may change. Infrastructure lookups and estimated speeds are for guidance only, so confirm the details with the company before you subscribe.",
              "You are responsible for keeping your account details accurate and your password secret.",
              "Share your real experience in reviews and other content. Insults, profanity, other people's personal information, advertising and misleading or unlawful content are not published, or are removed.",
              "By posting content on the site, you allow GenişBant to display it. You remain responsible for what you post.",
              "We may suspend or close accounts that breach these terms seriously or repeatedly.",
            ],
          },
        ],
      },
      {
        heading: "Changes and contact",
        blocks: [
          {
            type: "paragraph",
            text: "We may update this page as our services or the law change. When we do, we change the revision date shown on this page and announce important changes separately. For questions, use the form on our contact page or write to info@genisbant.com.tr.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-26",
  },
};
