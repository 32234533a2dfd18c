import type { DemoPost } from "./types";

/** Demo posts in English, twins of Turkish ones: a fair speed test, bufferbloat, data center tiers. */
export const postsEn2: DemoPost[] = [
  {
    key: "adil-hiz-testi-en",
    lang: "en",
    twinKey: "adil-hiz-testi-tr",
    categoryKey: "technology",
    title: "How to run a fair speed test",
    subtitle: "What to do before you measure, what our test measures and how, and how to hold the result against your package.",
    tags: ["speed test", "ping", "jitter", "measurement", "evidence report"],
    publishedDaysAgo: 43,
    faq: [
      {
        question: "Why is the result lower over Wi-Fi?",
        answer: "Over Wi-Fi the speed depends on the distance to the modem, walls, neighbouring networks and your device's wireless card. A test over Wi-Fi measures your home's wireless network, not your line. Connect the device with a cable to measure the line.",
      },
      {
        question: "Why do different speed test sites give different results?",
        answer: "Their servers sit in different places with different routes to them; the tests open different numbers of connections and compute the result differently. Some show the best moment, others an average. To compare, repeat the same test under the same conditions.",
      },
    ],
    blocks: [
      { p: "A speed test measures the path between your device and the test server at that moment. That path holds more than your provider's line: your device, the wireless network at home, the other devices using the internet at the same time and your browser all affect the result. A fair measurement starts by removing as many of them as you can." },
      { h2: "Before you measure" },
      {
        ol: [
          "**Use a cable.** A test over Wi-Fi measures your wireless network at home, not your line.",
          "**Stop other use at home.** A stream on the TV, a game update or a cloud backup shares the line and lowers the result.",
          "**Turn off your VPN.** A VPN routes traffic through another server, and that detour is what you end up measuring.",
          "**Know your device's limit.** Some computers have a 100 Mbps network port, and older wireless cards cap the speed as well.",
          "**Close other browser tabs.** Pages running in the background use both the line and the processor.",
          "**Measure several times, at different hours.** The evening from 8 to 11 pm and the morning in particular show how busy your provider's network gets.",
        ],
      },
      { h2: "How our test works" },
      { p: "Our test exchanges real data between your browser and our server and takes at most 15 seconds. It has three parts:" },
      {
        ul: [
          "**Latency:** 20 small requests are sent one after another over a warm connection. Ping is the median of their times; jitter is the mean difference between consecutive samples, leaving out the largest fifth (a momentary stall of the browser or the device, not of the line).",
          "**Download and upload:** each starts with one connection; while the speed keeps rising, another connection is added every 300 milliseconds, up to four.",
          "**Latency under load:** latency is measured again while the download and the upload run. How far it rises above the idle ping is shown as a grade from A+ to F.",
        ],
      },
      { p: "Speed is tracked in slices of 100 milliseconds. The result is not the best moment but the **mean of the steady stretch** at the end of the measurement: once the speed settles the phase stops, and if it never settles the phase ends at 6 seconds. On a link that rises and falls, the best moment reads higher than what you really get; the last steady stretch shows what the link gives you now. No correction factor is applied to the result." },
      { h3: "The server checks the result too" },
      { p: "When the test ends, our server reports what it counted in a signed receipt. The stored upload is the server's own measurement, and the download has to agree with the data the server sent. A result that does not add up is not saved. The statistics show medians of the last 90 days: one internet address counts at most one test per provider and day, and a figure is published only once its tests come from at least five different addresses." },
      { h3: "Mbit/s is not MB/s" },
      { p: "Speed tests report megabits per second (Mbit/s or Mbps), while download managers and browsers often show megabytes per second (MB/s). A byte is eight bits, so on a 100 Mbps connection a file downloading at about 12.5 MB/s at most is normal: that is a difference of units, not a shortfall." },
      { h2: "Hold the result against your package" },
      { p: "After the test, pick your provider and package (or type the promised speed if your package is not listed) to see what share of the promised speed you get. Most packages are sold as “up to” a speed, and on copper the reachable speed depends on the length of the line, so check what your line can carry with the infrastructure query too." },
      { p: "A single test is not enough when the speed stays low. Signed in, your tests are kept in your account; pick tests from different days and hours to make a printable **evidence report** or a CSV file, and send it to your provider or to the regulator (BTK). Without signing in, your history stays on that device only." },
      { p: "Start measuring on the [speed test](/en/internet-hiz-testi) page, and find out what your line can carry with the [infrastructure query](/en/internet-altyapi-hiz-sorgulama)." },
    ],
  },
  {
    key: "bufferbloat-en",
    lang: "en",
    twinKey: "bufferbloat-tr",
    categoryKey: "game",
    title: "Bufferbloat: why your ping jumps in games when a download starts",
    subtitle: "The speed test looks fine, yet the game stutters as soon as someone starts a video? The problem is usually not speed but latency under load.",
    tags: ["bufferbloat", "ping", "gaming", "latency", "sqm"],
    publishedDaysAgo: 60,
    faq: [
      {
        question: "Will upgrading my package fix bufferbloat?",
        answer: "Not always. A faster line drains the queue sooner and may ease the problem, but with a large buffer the latency still climbs once the line is full. The lasting fix is managing the queue.",
      },
      {
        question: "Why is latency worse while uploading than while downloading?",
        answer: "On home connections the upload speed is usually far lower than the download. A buffer of the same size takes much longer to drain in the slow direction.",
      },
    ],
    blocks: [
      { p: "You are mid-match with a ping of 20 milliseconds. Someone at home starts a big download or a video call, and your ping shoots past 200 milliseconds. The speed test shows your package's full speed, yet the game stutters. The most common cause is **bufferbloat**: oversized buffers in network equipment." },
      { h2: "What is going on?" },
      { p: "Every modem and router uses a buffer (a queue) to hold packets while the line is briefly busy. A small buffer helps: it absorbs short bursts and keeps the line full. The trouble starts when the buffer is large and the line is saturated. When a download or an upload fills the line, the queue grows, and your game's small packet waits at its end behind hundreds of milliseconds of other data." },
      { p: "Why are buffers so large? Most data transfers on the internet speed up until they see packet loss, so they fill whatever buffer is in front of them. Equipment makers, meanwhile, use generous buffers to avoid loss and to post high speeds in tests. The result is queues that can last for seconds once the line is full." },
      { p: "The speed does not drop meanwhile; the speed test may even show its best figure. What drops is how quickly the connection responds. That is why a test that looks only at download and upload speed tells you little about gaming or video calls." },
      { h2: "How to spot it" },
      { p: "Our [speed test](/en/internet-hiz-testi) measures latency with the line idle, during the download and during the upload. It looks at how far latency under load rises above the idle ping and grades the worse of the two directions:" },
      {
        table: {
          head: ["Grade", "Added latency under load", "What it means"],
          rows: [
            ["A+", "under 5 ms", "Barely noticeable even with the line full."],
            ["A", "under 30 ms", "Comfortable for games and video calls."],
            ["B", "under 60 ms", "Good for most uses; noticeable in competitive games."],
            ["C", "under 200 ms", "Stutters begin when someone downloads."],
            ["D", "under 400 ms", "Calls break up under heavy use."],
            ["F", "400 ms or more", "Anything interactive struggles once the line is full."],
          ],
        },
      },
      { p: "Run the test over a cable; Wi-Fi's own latency can muddy the result. The upload direction is usually worse, because home connections upload far slower than they download and the buffer drains later in that direction." },
      { h2: "The fix: manage the queue" },
      { p: "The known cure for bufferbloat is **smart queue management** (SQM). Algorithms such as fq_codel and CAKE split traffic into flows and do not let the queue grow, so a game packet no longer waits behind a big download. On routers with open firmware such as OpenWrt this is one package away; some off-the-shelf modems offer similar settings under names like “QoS” or “smart queue”." },
      { p: "For SQM to work, its speed limit is set a little below the line's real speed; the usual advice is between 85 and 95 percent of what you measure. The queue then forms in your router, where it is managed, instead of in the modem's unmanaged buffer. The cost is a small loss of top speed; in return, latency stays low even with the line full." },
      { h2: "What else helps" },
      {
        ul: [
          "Move cloud backups and large updates to the night; use an upload limit in backup apps if they have one.",
          "Connect your console or computer with a cable.",
          "If the problem only shows in the evening, test at different hours; the congestion may be in the provider's network.",
          "Save your tests and share them with your provider; ask what can be set on the modem side.",
        ],
      },
      { quote: "It is not the big download figure but the latency-under-load grade that tells you how games will feel." },
    ],
  },
];
