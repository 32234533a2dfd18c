import type { Localised, StaticPage } from "./types";

/** /cerez */
export const cookiePolicyPage: Localised<StaticPage> = {
  tr: {
    title: "Çerez Politikası",
    description:
      "GenişBant'ın kullandığı çerezler ve yerel depolama kayıtları: dil, tema, çerez tercihi, oturum ve form güvenliği çerezleri ile üçüncü taraf hizmetler.",
    lead:
      "Bu sayfa, GenişBant'ın tarayıcınızda hangi çerezleri ve yerel depolama kayıtlarını kullandığını, bunların ne işe yaradığını ve ne kadar süre saklandığını açıklar.",
    sections: [
      {
        heading: "Çerez ve yerel depolama nedir",
        blocks: [
          {
            type: "paragraph",
            text: "Çerezler, ziyaret ettiğiniz bir sitenin tarayıcınıza kaydettiği küçük metin dosyalarıdır. Yerel depolama (localStorage) ise sitenin bazı tercihlerinizi tarayıcınızda saklamasını sağlayan benzer bir teknolojidir. Bu kayıtlar sayesinde site, örneğin dil ve tema seçiminizi her ziyarette yeniden sormadan hatırlar.",
          },
        ],
      },
      {
        heading: "Çerez onay penceresindeki beş hizmet",
        blocks: [
          {
            type: "paragraph",
            text: "Sitemize ilk girişinizde açılan çerez onay penceresi aşağıdaki beş hizmeti listeler:",
          },
          {
            type: "list",
            items: [
              "Cloudflare: Site, Cloudflare'in içerik dağıtım ve güvenlik hizmetleri üzerinden sunulur. Cloudflare, sayfaların hızlı yüklenmesi ve sitenin saldırılara ve kötü amaçlı botlara karşı korunması için bağlantınızı işler ve gerektiğinde kendi güvenlik çerezlerini yerleştirebilir.",
              "AdSense: Sitedeki reklam alanları Google AdSense ile gösterilir. Google, reklamları göstermek, ölçmek ve kötüye kullanımı önlemek için çerezler ve benzeri teknolojiler kullanabilir. Bu hizmet isteğe bağlıdır: onay penceresinde kutusu işaretsiz gelir ve siz izin vermedikçe (kutuyu işaretleyip kaydetmek ya da “Tümünü kabul et” düğmesi) sayfalarımız hiçbir reklam betiği yüklemez ve reklam çerezi yerleştirilmez.",
              "IP adresi: Bağlantınızın IP adresi; güvenlik, kötüye kullanımın önlenmesi ve hız testinin çalışması için kullanılır. IP adresinizi kayıtlarımızda açık hâliyle değil, yalnızca tuzlanmış özet (salted hash) olarak saklarız.",
              "Tarayıcı bilgisi (user-agent): Tarayıcınızın ve işletim sisteminizin gönderdiği tanıtım bilgisidir. Sayfaların cihazınıza uygun gösterilmesi, arama kutusu kısayolunun işletim sisteminize göre belirtilmesi ve otomatik (bot) trafiğin ayırt edilmesi için kullanılır.",
              "Çerezler: Aşağıdaki tabloda listelenen, GenişBant'ın kendi çerezleri ve yerel depolama kayıtlarıdır.",
            ],
          },
          {
            type: "paragraph",
            text: "AdSense dışındaki dört hizmet sitenin çalışması için gerekli olduğundan onay penceresinde zorunlu olarak gösterilir. Reklam çerezleri için Kişisel Verilerin Korunması Kanunu gereği açık rızanızı isteriz; AdSense'e izin vermeden de siteyi eksiksiz kullanabilirsiniz. Tercihiniz cihazınızda saklanır; pencere bu nedenle her ziyarette yeniden açılmaz. Tercihinizi değiştirmek için tarayıcınızdan bu sitenin çerezlerini silmeniz yeterlidir; pencere bir sonraki ziyaretinizde yeniden açılır.",
          },
        ],
      },
      {
        heading: "GenişBant'ın kendi çerezleri ve yerel depolama kayıtları",
        blocks: [
          {
            type: "table",
            caption: "GenişBant'ın kullandığı birinci taraf çerezler ve yerel depolama kayıtları",
            head: ["Ad", "Amaç", "Süre"],
            rows: [
              ["gb_lng", "Seçtiğiniz arayüz dilini (Türkçe veya İngilizce) hatırlar.", "1 yıl"],
              ["gb_theme", "Açık veya koyu tema tercihinizi hatırlar.", "1 yıl"],
              ["gb_consent", "Çerez tercihinizi kaydeder.", "1 yıl"],
              ["gb_ads", "Reklam (AdSense) çerezlerine izin verip vermediğinizi kaydeder.", "1 yıl"],
              [
                "gb_csrf",
                "Formlarınızın başka bir site tarafından sizin adınıza gönderilmesini önleyen güvenlik anahtarıdır.",
                "Oturum süresince (tarayıcı kapatılınca silinir)",
              ],
              [
                "gb_session",
                "Giriş yaptığınızda oturumunuzu açık tutar. httpOnly olarak işaretlendiği için sayfadaki betikler tarafından okunamaz.",
                "30 gün (çıkış yaptığınızda silinir)",
              ],
              ["gb.theme", "Tema tercihinizi yerel depolamada saklar; sayfa açılırken doğru temanın hemen uygulanmasını sağlar.", "Siz silene kadar"],
              ["gb.lng", "Dil tercihinizi yerel depolamada saklar.", "Siz silene kadar"],
              ["gb.consent", "Çerez tercihinizi yerel depolamada saklar.", "Siz silene kadar"],
            ],
          },
        ],
      },
      {
        heading: "Üçüncü taraf hizmetler",
        blocks: [
          {
            type: "paragraph",
            text: "Cloudflare ve Google AdSense'in yerleştirdiği çerezler bu şirketlerin kendi politikalarına tabidir ve adları ile süreleri zaman içinde değişebilir. Ayrıntılı bilgiyi Cloudflare'in ve Google'ın gizlilik ve çerez politikalarında bulabilirsiniz. Google'ın size kişiselleştirilmiş reklam gösterip göstermeyeceğini Google hesabınızın reklam ayarlarından yönetebilirsiniz.",
          },
        ],
      },
      {
        heading: "Çerezleri nasıl yönetebilirsiniz",
        blocks: [
          {
            type: "paragraph",
            text: "Tarayıcınızın ayarlarından çerezleri ve site verilerini görebilir, silebilir veya engelleyebilirsiniz. Ancak yukarıdaki kayıtlar sitenin çalışması için gerekli olduğundan, bunları engellerseniz giriş yapmak, form göndermek ve dil ile tema tercihlerinizin hatırlanması gibi işlevler düzgün çalışmayabilir.",
          },
          {
            type: "paragraph",
            text: "Kişisel verilerinizin nasıl işlendiğine ilişkin ayrıntılar için Gizlilik Politikası ve Kişisel Verilerin Korunması Aydınlatma Metni sayfalarımızı inceleyebilirsiniz. Bu politikayı güncellediğimizde sayfadaki güncelleme tarihini de değiştiririz. Sorularınız için info@genisbant.com.tr adresine yazabilirsiniz.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-22",
  },
  en: {
    title: "Cookie policy",
    description:
      "The cookies and device storage GenişBant uses: language, theme, cookie choice, sign-in and form security cookies, plus the third-party services involved.",
    lead:
      "This page explains which cookies and local storage entries GenişBant keeps in your browser, what each one does and how long it lasts.",
    sections: [
      {
        heading: "What cookies and local storage are",
        blocks: [
          {
            type: "paragraph",
            text: "Cookies are small text files that a website stores in your browser. Local storage (localStorage) is a similar browser feature that lets a site keep some of your preferences on your device. Thanks to them, the site remembers things like your language and theme instead of asking again on every visit.",
          },
        ],
      },
      {
        heading: "The five services in the cookie banner",
        blocks: [
          {
            type: "paragraph",
            text: "The cookie banner you see on your first visit lists these five services:",
          },
          {
            type: "list",
            items: [
              "Cloudflare: the site is delivered through Cloudflare's content delivery and security services. Cloudflare handles your connection so that pages load quickly and the site stays protected from attacks and malicious bots, and it may set its own security cookies when needed.",
              "AdSense: the advertising spaces on the site are served by Google AdSense. Google may use cookies and similar technologies to show ads, measure them and prevent abuse. This service is optional: its box in the banner starts unticked, and unless you allow it (tick the box and save, or choose “Accept all”) our pages load no advertising script and no advertising cookie is set.",
              "IP address: your connection's IP address is used for security, to prevent abuse and to run the speed test. We never keep the address itself in our records, only a salted hash of it.",
              "User agent: the identifying string your browser and operating system send. We use it to display pages properly on your device, to show the search shortcut for your operating system and to tell automated (bot) traffic apart.",
              "Cookies: GenişBant's own cookies and local storage entries, listed in the table below.",
            ],
          },
          {
            type: "paragraph",
            text: "The four services other than AdSense are needed for the site to work, so the banner shows them as required. For advertising cookies we ask for your explicit consent, as Turkey's Personal Data Protection Law (KVKK) requires; the whole site works without it. Your choice is stored on your device, which is why the banner doesn't reappear on every visit. To change it, delete this site's cookies in your browser and the banner will show again on your next visit.",
          },
        ],
      },
      {
        heading: "GenişBant's own cookies and local storage",
        blocks: [
          {
            type: "table",
            caption: "First-party cookies and local storage entries used by GenişBant",
            head: ["Name", "Purpose", "Lifetime"],
            rows: [
              ["gb_lng", "Remembers the interface language you chose (Turkish or English).", "1 year"],
              ["gb_theme", "Remembers whether you prefer the light or the dark theme.", "1 year"],
              ["gb_consent", "Records your cookie choice.", "1 year"],
              ["gb_ads", "Records whether you allowed advertising (AdSense) cookies.", "1 year"],
              [
                "gb_csrf",
                "A security token that stops another website from submitting our forms on your behalf.",
                "Session (deleted when you close the browser)",
              ],
              [
                "gb_session",
                "Keeps you signed in. It is marked httpOnly, so scripts on the page cannot read it.",
                "30 days (deleted when you sign out)",
              ],
              ["gb.theme", "Keeps your theme in local storage so the right theme is applied as soon as a page opens.", "Until you clear it"],
              ["gb.lng", "Keeps your language in local storage.", "Until you clear it"],
              ["gb.consent", "Keeps your cookie choice in local storage.", "Until you clear it"],
            ],
          },
        ],
      },
      {
        heading: "Third-party services",
        blocks: [
          {
            type: "paragraph",
            text: "Cookies set by Cloudflare and Google AdSense are governed by those companies' own policies, and their names and lifetimes may change over time. You will find the details in Cloudflare's and Google's privacy and cookie policies. You can control whether Google shows you personalised ads in the ad settings of your Google account.",
          },
        ],
      },
      {
        heading: "Managing cookies",
        blocks: [
          {
            type: "paragraph",
            text: "Your browser settings let you view, delete or block cookies and site data. Because the entries above are needed for the site to work, blocking them may stop things like signing in, sending forms and remembering your language and theme from working properly.",
          },
          {
            type: "paragraph",
            text: "For details of how we handle personal data, see our privacy policy and our personal data protection notice. When we update this policy, we also change the revision date shown on this page. If you have any questions, write to info@genisbant.com.tr.",
          },
        ],
      },
    ],
    updatedAt: "2026-11-22",
  },
};
