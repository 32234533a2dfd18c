import type { DemoPost } from "./types";

/** Demo posts in Turkish: a fair speed test, Wi-Fi versus cable, bufferbloat. */
export const postsTr3: DemoPost[] = [
  {
    key: "adil-hiz-testi-tr",
    lang: "tr",
    twinKey: "adil-hiz-testi-en",
    categoryKey: "technology",
    title: "Adil bir hız testi nasıl yapılır?",
    subtitle: "Ölçmeden önce yapılacaklar, sitemizin testinin neyi nasıl ölçtüğü ve sonucu paketinizle nasıl karşılaştıracağınız.",
    tags: ["hız testi", "ping", "jitter", "ölçüm", "kanıt raporu"],
    publishedDaysAgo: 44,
    faq: [
      {
        question: "Wi-Fi üzerinden ölçünce neden daha düşük çıkıyor?",
        answer: "Kablosuz bağlantıda hız; modeme uzaklığa, duvarlara, komşu ağlara ve cihazınızın kablosuz kartına bağlıdır. Wi-Fi ile yapılan test, hattınızı değil evinizdeki kablosuz ağı ölçer. Hattı ölçmek için cihazı kabloyla bağlayın.",
      },
      {
        question: "Farklı test siteleri neden farklı sonuç veriyor?",
        answer: "Test sunucularının yeri ve oraya giden yol farklıdır; testler farklı sayıda bağlantı açar ve sonucu farklı hesaplar. Kimi en yüksek anı, kimi ortalamayı gösterir. Karşılaştırma yaparken aynı testi, aynı koşullarda tekrarlayın.",
      },
    ],
    blocks: [
      { p: "Bir hız testi, cihazınızla test sunucusu arasındaki yolun o andaki durumunu ölçer. Bu yolun üzerinde yalnızca sağlayıcınızın hattı yoktur: cihazınız, evinizdeki kablosuz ağ, aynı anda interneti kullanan diğer cihazlar ve tarayıcınız da sonucu etkiler. Adil bir ölçüm, bu etkenleri olabildiğince ortadan kaldırmakla başlar." },
      { h2: "Ölçmeden önce" },
      {
        ol: [
          "**Kabloyla bağlanın.** Wi-Fi üzerinden yapılan test, hattınızı değil evinizdeki kablosuz ağı ölçer.",
          "**Evdeki diğer kullanımı durdurun.** Televizyondaki yayın, bir oyun güncellemesi ya da bulut yedeklemesi hattı paylaşır ve sonucu düşürür.",
          "**VPN'i kapatın.** VPN trafiği başka bir sunucu üzerinden dolaştırır; ölçtüğünüz şey o yol olur.",
          "**Cihazınızın sınırını bilin.** Bazı bilgisayarların kablo girişi 100 Mbps ile sınırlıdır; eski kablosuz kartlar da hızı kısar.",
          "**Tarayıcıda başka sekme bırakmayın.** Arka planda çalışan sayfalar hem hattı hem işlemciyi kullanır.",
          "**Birden çok kez ve farklı saatlerde ölçün.** Özellikle akşam 20 ile 23 arası ve sabah saatleri, sağlayıcının ağındaki yoğunluğu gösterir.",
        ],
      },
      { h2: "Sitemizin testi nasıl çalışır?" },
      { p: "Testimizde tarayıcınız sunucumuzla gerçek veri alışverişi yapar; ölçüm en fazla 15 saniye sürer. Üç aşamadan oluşur:" },
      {
        ul: [
          "**Gecikme:** önceden açılmış bir bağlantı üzerinden art arda 20 küçük istek gönderilir. Ping bu sürelerin ortancası, jitter ise ardışık iki ölçüm arasındaki farkların ortalamasıdır (en büyük beşte biri, yani tarayıcının ya da cihazın bir anlık takılması, dışarıda bırakılır).",
          "**İndirme ve yükleme:** ölçüm tek bağlantıyla başlar; hız artmaya devam ettikçe her 300 milisaniyede bir yeni bağlantı eklenir, en fazla dört bağlantıya kadar.",
          "**Yük altında gecikme:** indirme ve yükleme sürerken gecikme ayrıca ölçülür. Boştaki pinge göre ne kadar arttığı, A+ ile F arasında bir notla gösterilir.",
        ],
      },
      { p: "Hız, 100 milisaniyelik dilimlerle izlenir. Sonuç olarak en yüksek anı değil, ölçümün sonundaki **kararlı bölümün ortalamasını** alırız: hız oturduğunda ölçüm biter, oturmazsa aşama 6 saniyede kapanır. İnişli çıkışlı bir bağlantıda en iyi an, gerçekte aldığınızdan yüksek görünür; son kararlı bölüm ise bağlantının o an size verdiğini gösterir. Sonuca hiçbir düzeltme katsayısı uygulanmaz." },
      { h3: "Sonucu sunucu da denetler" },
      { p: "Test bittiğinde sunucumuz, kendi saydığı veriyi imzalı bir makbuzla bildirir. Kaydedilen yükleme hızı sunucunun kendi ölçümüdür; indirme hızının da sunucunun gönderdiği veriyle tutarlı olması gerekir. Tutmayan bir sonuç kaydedilmez. İstatistiklerde ise son 90 günün ortanca değerleri gösterilir: bir internet adresinden sağlayıcı başına günde en çok bir test sayılır ve bir rakam ancak en az beş farklı adresten gelen testlerle yayımlanır." },
      { h3: "Mbit/s ile MB/s aynı şey değil" },
      { p: "Hız testleri sonucu megabit bölü saniye (Mbit/s ya da Mbps) olarak verir; indirme programları ve tarayıcılar ise çoğu zaman megabayt bölü saniye (MB/s) gösterir. Bir bayt sekiz bittir. Bu yüzden 100 Mbps'lik bir bağlantıda bir dosyanın en fazla saniyede yaklaşık 12,5 MB hızla inmesi normaldir; bu bir eksiklik değil, birim farkıdır." },
      { h2: "Sonucu paketinizle karşılaştırın" },
      { p: "Testten sonra sağlayıcınızı ve paketinizi seçerseniz (paketiniz listede yoksa vaat edilen hızı yazabilirsiniz), vaat edilen hızın ne kadarını aldığınızı görürsünüz. Çoğu paket “… Mbps'e kadar” diye satılır ve bakır hatlarda ulaşılabilen hız hattın uzunluğuna bağlıdır; bu yüzden hattınızın neyi taşıyabileceğini altyapı sorgusundan da kontrol edin." },
      { p: "Düşük hız sürüyorsa tek bir ölçüm yetmez. Giriş yaptığınızda testleriniz hesabınızda saklanır; farklı gün ve saatlerde yaptığınız testleri seçip yazdırılabilir bir **kanıt raporu** ya da CSV dosyası oluşturabilir, bunu sağlayıcınıza ya da BTK'ya iletebilirsiniz. Giriş yapmadan yaptığınız testlerin geçmişi yalnızca o cihazda tutulur." },
      { p: "Ölçüme [hız testi](/internet-hiz-testi) sayfasından başlayabilir, hattınızın taşıyabileceği hızı [altyapı sorgulama](/internet-altyapi-hiz-sorgulama) ile öğrenebilirsiniz." },
    ],
  },
  {
    key: "wifi-kablo-tr",
    lang: "tr",
    categoryKey: "technology",
    companySlug: "lale-kurulum-demo",
    title: "Wi-Fi mı, kablo mu? Evde hızın nerede kaybolduğunu bulun",
    subtitle: "100 Mbps'lik paket yatak odasında 30 Mbps'e düşüyorsa sorun çoğu zaman hat değil, ev içindeki kablosuz ağdır.",
    tags: ["wi-fi", "ethernet", "modem", "kablosuz ağ", "kurulum"],
    publishedDaysAgo: 52,
    blocks: [
      { p: "Kurulumdan sonra en sık aldığımız arıza kaydı şöyledir: “Modemin yanında hız iyi, odamda yarıya düşüyor.” Bu çoğu zaman hattın değil, evin içindeki kablosuz ağın sorunudur. Hattınız kapıya kadar sağlam gelse bile hız, modemden cihazınıza giden son birkaç metrede kaybolabilir." },
      { h2: "Wi-Fi neden yavaşlar?" },
      {
        ul: [
          "**Mesafe ve duvarlar:** radyo sinyali uzaklıkla ve her duvarda zayıflar. Betonarme duvarlar, ayna ve metal yüzeyler, akvaryum gibi su dolu engeller özellikle zorlar.",
          "**Paylaşılan yayın süresi:** aynı kanaldaki bütün cihazlar sırayla konuşur. Uzaktaki yavaş bir cihaz, sırasında daha uzun süre kanalı tutar ve herkesi yavaşlatır.",
          "**Komşu ağlar:** 2,4 GHz bandında birbiriyle çakışmayan yalnızca üç kanal vardır (1, 6 ve 11). Apartmanlarda bu kanallar çoğu zaman kalabalıktır.",
          "**Cihazın kendisi:** eski bir telefon ya da dizüstü bilgisayar, modeminiz ne kadar yeni olursa olsun kendi kablosuz kartının sınırında kalır.",
          "**Parazit:** mikrodalga fırınlar ve Bluetooth cihazları da 2,4 GHz bandını kullanır.",
        ],
      },
      { h2: "2,4 GHz ve 5 GHz arasındaki fark" },
      {
        table: {
          head: ["Özellik", "2,4 GHz", "5 GHz"],
          rows: [
            ["Menzil", "Daha uzun, duvarları daha iyi geçer", "Daha kısa, duvarlarda daha çok zayıflar"],
            ["Hız", "Daha düşük", "Daha yüksek"],
            ["Kalabalık", "Yoğun; yalnızca üç çakışmayan kanal", "Daha çok kanal, genellikle daha sakin"],
            ["Uygun olduğu yer", "Uzak odalar, akıllı ev cihazları", "Modeme yakın odalar, yayın ve görüntülü görüşme"],
          ],
        },
      },
      { h2: "Kablonun üstünlükleri" },
      { p: "Ethernet kablosunda cihazınız bağlantıyı kimseyle paylaşmaz, duvarlardan ya da komşulardan etkilenmez ve gecikme çok daha kararlı kalır. Cat5e ve Cat6 kablolar 100 metreye kadar 1 Gbps taşıyabilir; bir evin içindeki mesafeler bunun çok altındadır. Kablonun üzerinde kategorisi yazar. Cihazınızın kablo girişinin 100 Mbps ile sınırlı olup olmadığını da kontrol edin; öyleyse 100 Mbps'in üstündeki bir paketi o cihazda göremezsiniz." },
      { h3: "Hangi banda bağlı olduğunuzu nasıl anlarsınız?" },
      { p: "Bazı modemler iki bant için iki ayrı ağ adı yayınlar, bazıları tek bir ad altında cihazı uygun banda kendisi yönlendirir. Telefonunuzun ya da bilgisayarınızın kablosuz ağ ayrıntılarında bağlı olduğunuz frekansı ya da kanal numarasını görebilirsiniz: 1 ile 13 arasındaki kanallar 2,4 GHz, 36 ve üstü 5 GHz bandındadır." },
      { h2: "Beş dakikalık bir deney" },
      {
        ol: [
          "Dizüstü bilgisayarınızı kabloyla modeme bağlayın ve hız testi yapın.",
          "Aynı bilgisayarla, modemin yanında, Wi-Fi üzerinden yeniden ölçün.",
          "Sorun yaşadığınız odaya geçip Wi-Fi ile bir kez daha ölçün.",
        ],
      },
      { p: "Kabloyla ölçülen hız düşükse sorun hatta ya da sağlayıcıdadır. Kabloda hız iyi ama modemin yanındaki Wi-Fi ölçümü düşükse modemin kablosuz ağı ya da cihazınız sınır koyuyordur. Yalnızca uzak odada düşüyorsa sorun kapsama alanıdır. Testimizin gösterdiği yük altındaki gecikmeyi de karşılaştırın: kablosuz ağdaki sıkışma çoğu zaman önce gecikmede görünür." },
      { h2: "Ne yapabilirsiniz?" },
      {
        ul: [
          "Modemi evin ortasına, yüksek bir yere ve metal dolapların dışına taşıyın.",
          "Modeme yakın cihazları 5 GHz ağına bağlayın.",
          "Televizyon, oyun konsolu ve masaüstü bilgisayar gibi yerinden oynamayan cihazları kabloyla bağlayın.",
          "Geniş evlerde ek erişim noktası ya da mesh sistemi kullanın; üniteler birbirine kabloyla bağlanırsa en iyi sonucu verir.",
          "Kanalınız kalabalıksa modem arayüzünden kanal değiştirin ve modemin yazılımını güncelleyin.",
          "Priz üstü ağ adaptörlerinin başarımı evin elektrik tesisatına göre çok değişir; satın almadan önce mümkünse deneyin.",
        ],
      },
      { quote: "Tadilat yapıyorsanız duvarın içine bir Ethernet kablosu eklemenin maliyeti düşüktür. Sonradan kablo çekmek hem zor hem de pahalıdır." },
      { p: "Ölçümlerinizi [hız testi](/internet-hiz-testi) sayfasında yapabilirsiniz. Kabloyla bile düşük hız alıyorsanız hattınızın taşıyabildiği hızı [altyapı sorgulama](/internet-altyapi-hiz-sorgulama) sayfasından kontrol edin." },
    ],
  },
  {
    key: "bufferbloat-tr",
    lang: "tr",
    twinKey: "bufferbloat-en",
    categoryKey: "game",
    title: "Bufferbloat: indirme başlayınca oyunda ping neden fırlar?",
    subtitle: "Hız testi iyi çıkıyor ama biri video açınca oyun takılıyor mu? Sorun çoğu zaman hız değil, yük altındaki gecikmedir.",
    tags: ["bufferbloat", "ping", "oyun", "gecikme", "sqm"],
    publishedDaysAgo: 61,
    faq: [
      {
        question: "Paketimi yükseltmek bufferbloat'u çözer mi?",
        answer: "Her zaman değil. Daha hızlı bir hat kuyruğu daha çabuk boşaltır ve durumu hafifletebilir; ama tampon büyükse hat dolduğunda gecikme yine artar. Kalıcı çözüm, kuyruğun yönetilmesidir.",
      },
      {
        question: "Yüklerken gecikme neden indirirken olduğundan daha kötü?",
        answer: "Ev bağlantılarında yükleme hızı genellikle indirme hızından çok düşüktür. Aynı büyüklükteki bir tampon, yavaş yönde çok daha uzun sürede boşalır.",
      },
    ],
    blocks: [
      { p: "Maçın ortasındasınız, ping 20 milisaniye. Evde biri büyük bir dosya indirmeye ya da görüntülü görüşmeye başlıyor ve ping birden 200 milisaniyenin üstüne çıkıyor. Hız testinde paketinizin hızını tam alıyorsunuz; yine de oyun takılıyor. Bunun en yaygın nedeni **bufferbloat**, yani ağ cihazlarındaki aşırı büyük tamponlardır." },
      { h2: "Ne oluyor?" },
      { p: "Her modem ve yönlendirici, hat kısa süreliğine meşgulken gelen paketleri bekletmek için bir tampon (kuyruk) kullanır. Küçük bir tampon faydalıdır: anlık dalgalanmaları emer ve hattı dolu tutar. Sorun, tampon büyük olduğunda ve hat tamamen dolduğunda başlar. Bir indirme ya da yükleme hattı doldurduğunda kuyruk uzar; oyununuzun küçük paketi de bu kuyruğun sonunda, önündeki yüzlerce milisaniyelik verinin gitmesini bekler." },
      { p: "Tamponlar neden bu kadar büyük? İnternetteki veri aktarımlarının çoğu, paket kaybı görene kadar hızını artırır; önüne ne kadar büyük bir tampon konursa onu doldurur. Cihaz üreticileri ise paket kaybını önlemek ve testlerde yüksek hız göstermek için cömert tamponlar kullanır. Sonuç, hat dolduğunda saniyeler sürebilen kuyruklardır." },
      { p: "Bu sırada hız düşmez; hatta hız testi en yüksek değerini gösterir. Düşen şey bağlantının tepki süresidir. Bu yüzden sadece indirme ve yükleme hızına bakan bir test, oyun ve görüntülü görüşme deneyimini anlatmaz." },
      { h2: "Nasıl anlaşılır?" },
      { p: "Sitemizin [hız testi](/internet-hiz-testi), gecikmeyi hat boşken, indirme sürerken ve yükleme sürerken ayrı ayrı ölçer. Yük altında gecikmenin boştaki pinge göre ne kadar arttığına bakar ve iki yönden kötü olanına göre bir not verir:" },
      {
        table: {
          head: ["Not", "Yük altında gecikme artışı", "Ne anlama gelir?"],
          rows: [
            ["A+", "5 ms'den az", "Hat doluyken bile neredeyse fark edilmez."],
            ["A", "30 ms'den az", "Oyun ve görüntülü görüşme için rahat."],
            ["B", "60 ms'den az", "Çoğu kullanım için iyi; rekabetçi oyunda hissedilebilir."],
            ["C", "200 ms'den az", "Biri indirme yaparken takılmalar başlar."],
            ["D", "400 ms'den az", "Yoğun kullanımda görüşmeler kopuk kopuk olur."],
            ["F", "400 ms ve üstü", "Hat dolduğunda etkileşimli her şey zorlaşır."],
          ],
        },
      },
      { p: "Testi kabloyla yapın; Wi-Fi'ın kendi gecikmesi sonucu karıştırabilir. Yükleme yönündeki gecikme çoğu zaman daha kötüdür, çünkü ev bağlantılarında yükleme hızı indirmeden çok düşüktür ve tampon bu yönde daha geç boşalır." },
      { h2: "Çözüm: kuyruğu yönetmek" },
      { p: "Bufferbloat'un bilinen çözümü **akıllı kuyruk yönetimidir** (SQM, *smart queue management*). fq_codel ve CAKE gibi algoritmalar, trafiği akışlara ayırır ve kuyruğun uzamasına izin vermez; böylece oyun paketi büyük bir indirmenin arkasında beklemez. OpenWrt gibi açık yazılımlı yönlendiricilerde bu özellik bir paketle kurulabilir; bazı hazır modemlerde de “QoS” ya da “akıllı kuyruk” adıyla benzer ayarlar bulunur." },
      { p: "SQM'in işe yaraması için hız sınırı, hattın gerçek hızının biraz altına ayarlanır; yaygın öneri, ölçtüğünüz hızın yüzde 85 ile 95'i arasıdır. Böylece kuyruk, yönetilmeyen modem tamponunda değil, yönetilen yönlendiricinizde oluşur. Bedeli, en yüksek hızdan küçük bir kayıptır; karşılığında hat doluyken bile gecikme düşük kalır." },
      { h2: "Başka neler yapılabilir?" },
      {
        ul: [
          "Bulut yedeklemelerini ve büyük güncellemeleri gece saatlerine alın; yedekleme uygulamalarında yükleme hızı sınırı varsa kullanın.",
          "Oyun konsolunu ya da bilgisayarı kabloyla bağlayın.",
          "Sorun yalnızca akşamları oluyorsa farklı saatlerde test edin; yoğunluk sağlayıcının ağında da olabilir.",
          "Testlerinizi kaydedin ve sağlayıcınızla paylaşın; modem tarafında yapılabilecek ayarları sorun.",
        ],
      },
      { quote: "Oyun deneyimini büyük indirme rakamı değil, yük altındaki gecikme notu anlatır." },
    ],
  },
];
