import type { DemoPost } from "./types";

/** Demo posts in Turkish: the total cost, the early termination fee, a fair speed test. */
export const postsTr2: DemoPost[] = [
  {
    key: "toplam-maliyet-tr",
    lang: "tr",
    categoryKey: "current",
    title: "Paketleri aylık fiyata değil, toplam maliyete göre karşılaştırın",
    subtitle: "Kampanya ayları, modem kirası, kurulum ücreti ve taahhüt sonrası fiyat: ucuz görünen paket iki yılın sonunda en pahalısı olabilir.",
    tags: ["toplam maliyet", "taahhüt", "kampanya", "modem kirası", "karşılaştırma"],
    publishedDaysAgo: 27,
    featured: true,
    faq: [
      {
        question: "Taahhütsüz paketlerin toplam maliyeti neden 12 ay üzerinden gösteriliyor?",
        answer: "Taahhütsüz bir paketin bitiş tarihi olmadığı için kartlarda toplamı 12 ay üzerinden hesaplıyoruz. Varsayılan sıralamadaki 24 aylık aylık ortalama ise taahhütlü ve taahhütsüz bütün paketleri aynı sürede karşılaştırır.",
      },
      {
        question: "Taahhüt bitince ödeyeceğim tutarı nereden görebilirim?",
        answer: "Paket kartındaki “Taahhüt bitince aylık” satırında; paket sayfasında ise ayrıca taahhüt bitince ayda ne kadar daha fazla ya da az ödeyeceğiniz yazar. Taahhütlü bir paket için hatırlatma kurarsanız, taahhüdünüz bitmeden bir ay önce size bir kez e-posta göndeririz.",
      },
    ],
    blocks: [
      { p: "İnternet paketlerinin reklamında en büyük yazılan rakam aylık fiyattır. Oysa iki yıl boyunca cebinizden çıkacak parayı belirleyen tek şey o rakam değildir. Kampanyalı ilk aylar, her ay eklenen modem kirası, bir kez ödenen kurulum ücreti ve en çok da taahhüt bittikten sonraki fiyat, hesabı tamamen değiştirebilir." },
      { h2: "Aylık fiyatın söylemedikleri" },
      {
        ul: [
          "**Kampanya fiyatı:** taahhüdün ilk birkaç ayında geçerli olan düşük fiyat. Kampanya bitince taahhütlü fiyata geçilir.",
          "**Kurulum (aktivasyon) ücreti:** bir kez, genellikle ilk faturada ödenir.",
          "**Modem kirası:** paket fiyatına ek olarak her ay ödenir; küçük görünür ama 24 ayda birikir.",
          "**Taahhüt sonrası fiyat:** taahhüt bittiğinde geçerli olacak aylık ücret. Türkiye'de en sık duyulan şikâyetlerden biri, taahhüt bitince gelen zamdır.",
          "**Ücretsiz aylar:** bazı kampanyalarda ilk ay ya da aylar ücretsizdir; bu da ortalamayı düşürür.",
        ],
      },
      { h2: "Sitemiz toplam maliyeti nasıl hesaplıyor?" },
      { p: "Her paketin koşullarından ay ay bir fatura çıkarırız. Ücretsiz aylarda paket ücreti sıfırdır; kampanya aylarında kampanya fiyatı, taahhüdün geri kalanında taahhütlü fiyat uygulanır. Taahhüt bittikten sonra taahhüt sonrası fiyat, bu fiyat verilmemişse taahhütsüz fiyat geçerlidir. Modem kirası her aya eklenir, kurulum ücreti ilk aya yazılır." },
      { p: "Paket kartında aylık fiyatın yanında taahhüt boyunca (taahhütsüz paketlerde 12 ay) ödenecek **toplam maliyeti** ve taahhüt bitince ödenecek aylık ücreti görürsünüz; paket sayfasında bu toplamın aylık ortalaması ve ikinci yılın maliyeti de yazar. Listeler ise varsayılan olarak **24 aylık aylık ortalamaya** göre sıralanır: 24 ay boyunca ödenecek her şey, kurulum ve modem kirası dahil, 24'e bölünür. Böylece 12 aylık taahhüdün ucuz ilk yılı, taahhüt sonrası fiyatla geçen ikinci yılla birlikte tartılır. Taahhüt 24 aydan uzunsa taahhüdün tamamı alınır." },
      { h2: "Bir örnek: üç paket, 24 ay" },
      { p: "Aşağıdaki üç paket uydurmadır ama hesap, sitemizdeki hesabın aynısıdır. Paket A 24 ay taahhütlüdür: ilk 6 ay 299 TL, sonra 449 TL; modem kirası ve kurulum ücreti yoktur. Paket B 12 ay taahhütlüdür: ayda 399 TL, üstüne 50 TL modem kirası, 250 TL kurulum ücreti; taahhüt bitince paket 649 TL olur. Paket C taahhütsüzdür ve ayda 499 TL'dir." },
      {
        table: {
          head: ["Paket", "Reklamdaki aylık fiyat", "İlk 12 ay", "İkinci 12 ay", "24 ayda toplam", "24 aylık aylık ortalama"],
          rows: [
            ["A (24 ay taahhüt)", "449 TL (ilk 6 ay 299 TL)", "4.488 TL", "5.388 TL", "9.876 TL", "411,50 TL"],
            ["B (12 ay taahhüt)", "399 TL", "5.638 TL", "8.388 TL", "14.026 TL", "584,42 TL"],
            ["C (taahhütsüz)", "499 TL", "5.988 TL", "5.988 TL", "11.976 TL", "499,00 TL"],
          ],
        },
      },
      { p: "Reklamdaki fiyata bakınca B en ucuzu gibi görünür. Modem kirası ve kurulum ücreti eklenince ilk yılı bile A'dan pahalıdır; taahhüt bitince ayda 699 TL'ye (649 TL paket, 50 TL modem) çıktığı için iki yılın sonunda açık ara en pahalısı olur. A, 24 ayda en az ödenen pakettir ama sizi iki yıl bağlar: erken ayrılırsanız cayma bedeli ödersiniz. C ise A'dan pahalıdır ama istediğiniz an ayrılabilirsiniz." },
      { quote: "Kural basit: aynı süreyi karşılaştırın. 12 aylık bir toplamı 24 aylık bir toplamla yan yana koymak, hep kısa taahhüdü ucuz gösterir." },
      { h2: "Karşılaştırırken kontrol listesi" },
      {
        ol: [
          "Paketin hızını hattınız taşıyor mu? Önce altyapınızı sorgulayın; hattınızın taşıyamayacağı hız için ödeme yapmayın.",
          "Aylık fiyata değil, 24 aylık ortalamaya bakın.",
          "Taahhüt sonrası fiyatı not edin ve taahhüdün bittiği tarihi takviminize yazın.",
          "Modem kirası ve kurulum ücretini kontrol edin.",
          "Taahhütlü bir pakette erken ayrılmanın maliyetini, yani cayma bedelini paket sayfasındaki tablodan görün.",
        ],
      },
      { p: "Paketleri [paketler](/paketler) sayfasında hıza, teknolojiye, fiyata ve taahhüde göre süzebilir; en fazla dört paketi [karşılaştırma](/paketler/karsilastir) sayfasında yan yana koyabilirsiniz. Dairenize ulaşan paketleri görmek için [altyapı sorgulama](/internet-altyapi-hiz-sorgulama) ile başlayın." },
    ],
  },
  {
    key: "cayma-bedeli-tr",
    lang: "tr",
    categoryKey: "current",
    title: "Cayma bedeli nedir, nasıl hesaplanır?",
    subtitle: "Taahhüt bitmeden ayrılırsanız ne ödersiniz? Hesabın mantığı, taahhütnamede aramanız gerekenler ve haklarınız.",
    tags: ["cayma bedeli", "taahhüt", "taahhütname", "tüketici hakları", "btk"],
    publishedDaysAgo: 36,
    faq: [
      {
        question: "Taahhüdün son ayında ayrılırsam cayma bedeli öder miyim?",
        answer: "Sitemizin hesabında taahhüdün bittiği ayda kalan ay olmadığı için cayma bedeli sıfırdır. Yine de sözleşmenizin bitiş tarihini işletmecinize teyit ettirin.",
      },
      {
        question: "Cayma bedeline itiraz edebilir miyim?",
        answer: "Önce işletmecinize yazılı olarak başvurun ve başvuru numarasını saklayın. Sonuç alamazsanız BTK'ya şikâyette bulunabilir, tutara göre tüketici hakem heyetine ya da tüketici mahkemesine başvurabilirsiniz.",
      },
      {
        question: "Sitedeki cayma bedeli tablosu bağlayıcı mı?",
        answer: "Hayır. Tablo, paketin sitemizdeki koşullarından hesaplanan bir tahmindir. Bağlayıcı olan, imzaladığınız taahhütnamedir.",
      },
    ],
    blocks: [
      { p: "Taahhütlü bir internet aboneliğinde belirli bir süre abone kalmaya söz verirsiniz, karşılığında da daha düşük bir aylık ücret ödersiniz. Bu süre dolmadan ayrılırsanız işletmecinin sizden istediği tutara halk arasında **cayma bedeli** denir. Taahhüt sözleşmelerinde “taahhüde aykırılık bedeli” gibi adlarla da geçer." },
      { p: "Cayma bedelini, *cayma hakkı* ile karıştırmamak gerekir. Telefonla ya da internetten kurulan (mesafeli) sözleşmelerde tüketicinin genellikle 14 günlük bir cayma hakkı vardır; bu süre içinde gerekçe göstermeden vazgeçebilirsiniz. Bu hak cayma bedelinden ayrıdır ve istisnaları vardır; ayrıntılar sözleşmenizde yazar." },
      { h2: "Yaygın hesap: iki tutardan düşük olanı" },
      { p: "Türkiye'de internet taahhütnamelerinde yaygın olan hesap şöyledir: ayrıldığınız güne kadar aldığınız **indirimlerin toplamı** ile taahhüdün **kalan aylarının ücretleri** karşılaştırılır ve düşük olan istenir. İndirim, taahhütsüz fiyat ile sizin ödediğiniz fiyat arasındaki farktır; kurulum ücreti gibi alınmayan bir ücret de indirime sayılabilir. Sitemiz paket sayfalarındaki cayma bedeli tablosunu bu yöntemle, ay ay hesaplar." },
      { p: "Sizin taahhütnameniz farklı bir yöntem ya da ek kalemler içerebilir; örneğin taahhüt karşılığı verilen bir cihazın kalan bedeli eklenebilir. Belirleyici olan, imzaladığınız taahhütnamedir." },
      { h3: "Bir örnek" },
      { p: "Taahhütsüz fiyatı 500 TL olan bir paketi 12 ay taahhütle 350 TL'ye aldığınızı düşünün. Her ay 150 TL indirim alırsınız. Aşağıdaki tabloda “ayrıldığınız ay”, o aya kadarki faturaları ödediğiniz ay demektir." },
      {
        table: {
          head: ["Ayrıldığınız ay", "Alınan indirimler", "Kalan ayların ücreti", "Cayma bedeli"],
          rows: [
            ["1. ay", "150 TL", "3.850 TL", "150 TL"],
            ["4. ay", "600 TL", "2.800 TL", "600 TL"],
            ["8. ay", "1.200 TL", "1.400 TL", "1.200 TL"],
            ["9. ay", "1.350 TL", "1.050 TL", "1.050 TL"],
            ["10. ay", "1.500 TL", "700 TL", "700 TL"],
            ["11. ay", "1.650 TL", "350 TL", "350 TL"],
            ["12. ay", "1.800 TL", "0 TL", "yok"],
          ],
        },
      },
      { p: "Tablodan görüldüğü gibi cayma bedeli önce her ay artar, taahhüdün sonuna doğru kalan aylar azaldıkça düşer. Bu örnekte en yüksek tutar 8. ayda ayrılınca ödenen 1.200 TL'dir. Sitemizde her taahhütlü paketin sayfasında bu tablonun aynısını ve en düşük ile en yüksek cayma bedelini görebilirsiniz." },
      { h2: "Mevzuat ne diyor?" },
      { p: "Tüketicinin Korunması Hakkında Kanun'a (6502) dayanan Abonelik Sözleşmeleri Yönetmeliği'ne göre taahhütnamede taahhüdün süresi, tüm vergiler dahil toplam fiyat, indirim yapılan tarifenin taahhüt öncesi fiyatı, aylık indirim tutarı ve taahhüt erken sonlanırsa geri ödenecek bedelin nasıl hesaplanacağı yer almak zorundadır. Aynı yönetmeliğe göre taahhüt süresince sözleşme ve taahhütname koşulları tüketici aleyhine değiştirilemez." },
      { p: "Elektronik haberleşme sektörü için BTK'nın hazırladığı Elektronik Haberleşme Sektörüne İlişkin Tüketici Hakları Yönetmeliği'nde 18 Ocak 2022'de yayımlanan değişiklikle, taahhütlü aboneliklerde işletmecilerin taahhüt süresi, ortalama aylık ücret ve cayma bedeli gibi bilgileri içeren, kolay anlaşılır, bir sayfalık bir özet sunması öngörüldü. Paket sayfalarımızdaki “Taahhüt özeti” de bu özetin biçimini izler: taahhütsüz aylık fiyat, taahhüt boyunca ortalama aylık ücret, en düşük ve en yüksek cayma bedeli ve taahhüt süresi." },
      { p: "BTK kararıyla işletmeciler, abonelik sözleşmelerini ve taahhütnameleri internet sitelerinden abonelerin erişimine açmakla yükümlüdür. Kendi taahhütnamenizi işletmecinizin sitesinde bulabilirsiniz." },
      { p: "6502 sayılı Kanun'un 52. maddesi ise tüketicinin belirsiz süreli ya da süresi bir yıldan uzun belirli süreli abonelik sözleşmesini gerekçe göstermeden ve cezai şart ödemeden feshedebileceğini söyler. Bu hükmün taahhüt karşılığı alınan indirimlerin geri istenmesine nasıl uygulanacağı farklı yorumlanmaktadır; uyuşmazlıklar tüketici hakem heyetlerinde ya da mahkemelerde çözülür. Kendi durumunuz için bir hukukçuya danışmanızı öneririz." },
      { h2: "Ayrılmadan önce" },
      {
        ol: [
          "Taahhütnamenizi açın ve erken ayrılmada bedelin nasıl hesaplandığını okuyun.",
          "Taahhüdün kaçıncı ayında olduğunuzu hesaplayın. Bitime birkaç ay kaldıysa beklemek daha ucuza gelebilir.",
          "Yeni paketin toplam maliyetine cayma bedelini de ekleyerek karşılaştırın.",
          "Modem gibi iade etmeniz gereken cihazları ve iade yolunu öğrenin.",
          "Fesih talebinizi kayıt altına alınan bir kanaldan iletin ve başvuru numarasını saklayın.",
        ],
      },
      { p: "Yeni bir paket ararken taahhütlü paketlerin cayma bedeli tablosunu [paketler](/paketler) sayfasındaki her paketin ayrıntısında bulabilirsiniz. Taahhüt bitiş tarihinizi unutmamak için paket sayfasından hatırlatma kurabilirsiniz." },
    ],
  },
];
