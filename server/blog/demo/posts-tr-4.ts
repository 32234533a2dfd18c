import type { DemoPost } from "./types";

/** Demo posts in Turkish: choosing hosting, data center tiers. */
export const postsTr4: DemoPost[] = [
  {
    key: "hosting-secimi-tr",
    lang: "tr",
    categoryKey: "hosting",
    companySlug: "meltem-hosting-demo",
    title: "Hosting seçerken nelere bakmalı?",
    subtitle: "Paylaşımlı hosting, sanal sunucu ve fiziksel sunucu arasındaki fark; fiyat listesinde küçük yazılan ama sitenizi doğrudan etkileyen ayrıntılar.",
    tags: ["hosting", "sanal sunucu", "yedekleme", "ssl", "sla"],
    publishedDaysAgo: 69,
    faq: [
      {
        question: "“Sınırsız disk” gerçekten sınırsız mı?",
        answer: "Çoğu zaman bir adil kullanım koşuluna bağlıdır ve işlemci, bellek ya da dosya sayısı sınırına diskten önce takılırsınız. Sözleşmedeki kaynak sınırlarını tek tek okuyun.",
      },
      {
        question: "Sağlayıcı yedek alıyorsa benim de yedek almam gerekir mi?",
        answer: "Evet. En az bir kopyayı sağlayıcıdan bağımsız bir yerde tutmak iyi bir alışkanlıktır. Yedeğin işe yaradığını anlamanın tek yolu da ara sıra geri yüklemeyi denemektir.",
      },
    ],
    blocks: [
      { p: "Bir web sitesi için hosting seçmek, çoğu zaman fiyat tablosundaki en büyük rakama bakmakla bitiriliyor: kaç gigabayt disk, kaç alan adı, kaç e-posta hesabı. Oysa sitenizin hızını ve başınıza gelebilecek sorunları, tabloda küçük yazılan ya da hiç yazılmayan ayrıntılar belirler. Bu yazıda müşterilerimize satıştan önce anlattıklarımızı derledik." },
      { h2: "Hangi tür hosting?" },
      {
        table: {
          head: ["Tür", "Nedir?", "Kimin için?"],
          rows: [
            ["Paylaşımlı hosting", "Bir sunucunun kaynaklarını başka sitelerle paylaşırsınız; sunucunun yönetimi sağlayıcıdadır.", "Küçük kurumsal siteler, bloglar, tanıtım sayfaları"],
            ["Sanal sunucu (VPS)", "Bir fiziksel sunucu üzerinde size ayrılmış işlemci, bellek ve disk; yönetim çoğu zaman sizdedir.", "Trafiği büyüyen siteler, özel yazılım çalıştıranlar"],
            ["Fiziksel sunucu", "Makinenin tamamı sizindir; başka müşteriyle paylaşılmaz.", "Yoğun veritabanı işleri, yüksek ve sürekli trafik"],
            ["Bulut sunucu", "Kaynaklar ihtiyaç anında artırılıp azaltılır, çoğu zaman kullandıkça ödenir.", "Dalgalı trafik, hızlı büyüme beklentisi"],
          ],
        },
      },
      { p: "Küçük bir siteyle başlıyorsanız paylaşımlı hosting çoğu zaman yeterlidir. Sitenin yavaşladığını, kaynak sınırı uyarıları aldığınızı ya da sunucuda kendi yazılımınızı çalıştırmanız gerektiğini fark ettiğinizde sanal sunucuya geçmeyi düşünebilirsiniz. Sanal sunucuda işletim sistemi güncellemeleri ve güvenlik de çoğu zaman sizin sorumluluğunuzdadır; yönetimli bir paket alıp almadığınızı netleştirin." },
      { h2: "Fiyat listesinde bakmanız gerekenler" },
      {
        ul: [
          "**Kaynak sınırları:** işlemci, bellek, aynı anda çalışabilecek işlem sayısı ve dosya (inode) sayısı. “Sınırsız” yazan paketlerde bile bu sınırlar vardır.",
          "**Disk türü:** SSD ve NVMe diskler, özellikle veritabanı kullanan sitelerde belirgin fark yaratır.",
          "**Yedekleme:** ne sıklıkla alınıyor, nerede tutuluyor, kaç gün saklanıyor ve geri yükleme ücretli mi?",
          "**SSL sertifikası:** Let's Encrypt gibi ücretsiz sertifikalar yaygındır; sertifikanın otomatik yenilenip yenilenmediğini sorun.",
          "**Yazılım sürümleri:** kullandığınız dilin ve veritabanının güncel sürümleri sunuluyor mu, sürüm seçebiliyor musunuz?",
          "**E-posta sınırları:** saatlik gönderim sınırı, posta kutusu boyutu.",
          "**Yenileme fiyatı:** ilk yıl indirimli olabilir; ikinci yıl ödeyeceğiniz tutarı baştan öğrenin.",
          "**Destek:** hangi kanallardan, hangi saatlerde ve hangi dilde destek veriliyor?",
        ],
      },
      { h2: "Sunucunun yeri neden önemli?" },
      { p: "Ziyaretçileriniz çoğunlukla Türkiye'deyse sunucunun Türkiye'de ya da yakınında olması gecikmeyi azaltır. Bir sayfa açılırken tarayıcı onlarca dosya ister ve her istek, sunucuya gidip gelme süresini yeniden öder; birkaç on milisaniyelik fark, sayfanın açılışında hissedilir hale gelir. Sunucunun bulunduğu veri merkezinin elektrik ve soğutma altyapısını da sorun: yedekli güç ve soğutma, planlı bakımlarda sitenizin kapanmamasını sağlar." },
      { p: "Sitenizde kişisel veri işliyorsanız verilerin hangi ülkede tutulduğu ayrıca önem taşır. Bu konuda kişisel verilerin korunması mevzuatını bilen bir uzmana danışmanızı öneririz." },
      { h2: "Çalışma süresi taahhüdü (SLA)" },
      { p: "“Yüzde 99,9 çalışma süresi” etkileyici görünür ama bir yılda yaklaşık 8,8 saatlik kesintiye izin verir. Taahhüdün nasıl ölçüldüğünü, planlı bakımların hesaba katılıp katılmadığını ve taahhüt tutmazsa ne aldığınızı sorun. Çoğu zaman karşılık para iadesi değil, sonraki faturalardan düşülen bir hizmet kredisidir." },
      { h2: "Çıkış yolunu baştan düşünün" },
      { p: "Bir gün sağlayıcı değiştirmek isteyebilirsiniz. Yedeklerinizi kendiniz indirebiliyor musunuz? Alan adınız sizin adınıza mı kayıtlı? Standart bir kontrol paneli kullanılıyor mu? Bu soruların cevabı, taşınmanın birkaç saat mi yoksa birkaç gün mü süreceğini belirler." },
      { quote: "Ucuz hosting, ilk sorunla karşılaştığınız güne kadar ucuzdur. Yedekleme ve destek koşullarını fiyat kadar dikkatli okuyun." },
    ],
  },
  {
    key: "veri-merkezi-tier-tr",
    lang: "tr",
    twinKey: "veri-merkezi-tier-en",
    categoryKey: "datacenter",
    companySlug: "yakamoz-veri-merkezi-demo",
    title: "Veri merkezi Tier seviyeleri: Tier I'den Tier IV'e ne değişir?",
    subtitle: "Uptime Institute'un sınıflandırması neyi ölçer, neyi ölçmez? Bir veri merkezinin “Tier III” olduğunu söylemesi ne anlama gelir?",
    tags: ["tier", "uptime institute", "veri merkezi", "kolokasyon", "yedeklilik"],
    publishedDaysAgo: 78,
    faq: [
      {
        question: "Tier IV her zaman daha mı iyidir?",
        answer: "Her iş için değil. Uptime Institute'a göre seviyeler farklı iş ihtiyaçlarına karşılık gelir; Tier I ve II daha çok ilk yatırım maliyeti ve hızın öne çıktığı durumlar içindir. Daha yüksek seviye daha yüksek maliyet demektir; ihtiyacınız olan sürekliliğe göre seçin.",
      },
      {
        question: "Tier sınıfı ağ bağlantısını ve güvenliği de kapsar mı?",
        answer: "Hayır. Tier, tesisin elektrik ve soğutma altyapısının topolojisini değerlendirir. Kaç operatörle bağlantı olduğu, fiziksel güvenlik ve sizin sunucularınızın yedekliliği ayrı konulardır.",
      },
      {
        question: "Bir veri merkezinin Tier sertifikasını nasıl doğrularım?",
        answer: "Sertifikanın kendisini isteyin: hangi seviye, hangi aşama (tasarım, inşa edilmiş tesis ya da işletme), hangi tarih ve hangi bina. “Tier III uyumlu” gibi bir ifade, bir sertifika değil, veri merkezinin kendi beyanıdır.",
      },
    ],
    blocks: [
      { p: "Veri merkezi ya da kolokasyon hizmeti ararken karşınıza mutlaka bir “Tier” seviyesi çıkar. Bu sınıflandırma, **Uptime Institute**'un geliştirdiği *Tier Classification System*'dir. Amacı, birbirinden çok farklı tasarlanmış tesisleri, elektrik ve soğutma altyapılarının kesintiye ne kadar dayanıklı olduğuna göre ortak bir dille karşılaştırmaktır. Dört seviye vardır ve her seviye, altındaki seviyelerin bütün gereklerini de içerir." },
      { h2: "Dört seviye" },
      { h3: "Tier I: Temel kapasite" },
      { p: "BT ekipmanı için ayrılmış bir alan, kesintisiz güç kaynağı (UPS), özel soğutma ve bir jeneratör bulunur. Ancak güç ve soğutma tek bir yoldan gelir ve yedek bileşen yoktur. Planlı bakım için sistemlerin kapatılması gerekir; herhangi bir arıza da sunuculara yansır." },
      { h3: "Tier II: Yedekli kapasite bileşenleri" },
      { p: "UPS modülleri, soğutma üniteleri ve jeneratörler gibi kapasite bileşenlerinin yedekleri vardır. Böylece bir bileşen arızalandığında ya da bakıma alındığında yedeği devreye girebilir. Ama dağıtım yolu hâlâ tektir: o yol üzerindeki bir bakım ya da arıza, kesinti demektir." },
      { h3: "Tier III: Eş zamanlı bakım yapılabilir" },
      { p: "Güç ve soğutma için birden çok dağıtım yolu vardır; her bileşen ve her yol, BT ekipmanını etkilemeden planlı bakım için devreden çıkarılabilir. Tier III'ün anahtar sözcüğü *planlı*dır: plansız bir arıza, yine de kesintiye yol açabilir." },
      { h3: "Tier IV: Hata toleranslı" },
      { p: "Herhangi bir bileşen ya da dağıtım yolunda tek bir plansız arıza, BT ekipmanını etkilemez. Bunun için sistemler aynı anda çalışan bağımsız yollarla kurulur ve fiziksel olarak birbirinden ayrılır; böylece bir bölümdeki yangın gibi bir olay bile öteki yolu etkilemez." },
      {
        table: {
          head: ["Seviye", "Dağıtım yolu", "Kapasite yedeği", "Planlı bakım kesintisiz mi?", "Tek arızaya dayanır mı?"],
          rows: [
            ["Tier I", "Tek", "Yok", "Hayır", "Hayır"],
            ["Tier II", "Tek", "Var", "Hayır", "Hayır"],
            ["Tier III", "Biri etkin, biri yedek", "Var", "Evet", "Hayır"],
            ["Tier IV", "Aynı anda etkin iki yol", "Var", "Evet", "Evet"],
          ],
        },
      },
      { h2: "Yüzdeler ne anlatır?" },
      { p: "İnternette her seviye için yüzde 99,671'den yüzde 99,995'e uzanan erişilebilirlik oranları sıkça dolaşır. Bu rakamlar bir garanti değildir ve sizin sözleşmenizdeki hizmet taahhüdünün yerini tutmaz. Tier bir tesisin tasarımını ve kurulumunu anlatır; gerçek erişilebilirlik, tesisin nasıl işletildiğine de bağlıdır. Ayrıca Tier IV bir binadaki tek bir sunucu, yine de tek bir arıza noktasıdır: uygulamanızın sürekliliği, kendi mimarinize bağlıdır." },
      { h2: "Tasarım sertifikası ile tesis sertifikası aynı şey değil" },
      { p: "Uptime Institute sertifikayı aşamalar halinde verir: önce tasarım belgeleri (*Tier Certification of Design Documents*), ardından inşa edilmiş tesis (*Tier Certification of Constructed Facility*) değerlendirilir. İşletmenin sürdürülebilirliğine bakan ayrı bir değerlendirme (*Operational Sustainability*) de vardır. Yalnızca tasarım sertifikası olan bir tesis, binanın o tasarıma uygun inşa edildiğini henüz kanıtlamamıştır." },
      { p: "“Tier III+” ya da “Tier 3,5” gibi ifadeler Uptime Institute'un sınıflandırmasında yer almaz. “Tier III standartlarına uygun” gibi cümleler de bir sertifika değil, tesisin kendi beyanıdır." },
      { h2: "Kolokasyon alırken sorulacaklar" },
      {
        ol: [
          "Sertifika hangi seviyede, hangi aşamada ve ne zaman verildi? Belgeyi görebilir miyim?",
          "Kabinime iki ayrı güç hattı (A ve B beslemesi) geliyor mu?",
          "Soğutma ve jeneratör yedekliliği nasıl kurulu; planlı bakımda ne oluyor?",
          "Tesiste hangi operatörlerin bağlantısı var? Tek bir operatöre bağımlı mıyım?",
          "Sözleşmedeki erişilebilirlik taahhüdü nedir, tutmazsa karşılığı ne olur?",
          "Uzak el (remote hands) desteği hangi saatlerde ve hangi ücretle veriliyor?",
        ],
      },
      { p: "Müşterilerimize de bu soruları, bize dahil her tesise sormalarını öneriyoruz. Sınıflandırmanın resmi tanımlarını [Uptime Institute'un Tier sayfasında](https://uptimeinstitute.com/tiers) bulabilirsiniz." },
    ],
  },
];
