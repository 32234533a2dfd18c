import type { DemoPost } from "./types";

/** Demo posts in English, twins of Turkish ones: the line technologies, reading an infrastructure answer. */
export const postsEn1: DemoPost[] = [
  {
    key: "adsl-vdsl-fiber-en",
    lang: "en",
    twinKey: "adsl-vdsl-fiber-tr",
    categoryKey: "telecommunication",
    title: "ADSL, VDSL and fiber: how they differ and how speed falls with line length",
    subtitle: "Why do two neighbours on the same package get different speeds? Copper line length, the cabinet, the exchange, and what fiber changes.",
    tags: ["adsl", "vdsl", "fiber", "line length", "infrastructure"],
    publishedDaysAgo: 3,
    featured: true,
    faq: [
      {
        question: "Do I need a new modem for VDSL?",
        answer: "Yes. A modem that only supports ADSL does not work on a VDSL line; you need one that supports VDSL2. Many modems handle both; look for VDSL2 on the box or in the manual.",
      },
      {
        question: "Where can I find out how long my line is?",
        answer: "The infrastructure query result shows the distance in metres: to the cabinet for VDSL, to the exchange for ADSL. When the source does not give it, the row says “Unknown”.",
      },
      {
        question: "Does distance not matter at all on fiber?",
        answer: "Over the distances of home broadband, the loss in the fiber does not limit the speed; your package and the provider's equipment do. Your Wi-Fi and the wiring at home can still lower the speed that reaches your device.",
      },
    ],
    blocks: [
      { p: "The speed of your home broadband is usually set by the infrastructure, not by the name of the package. Three technologies dominate home internet in Turkey: ADSL, VDSL and fiber. The first two use the copper cable laid for the telephone; fiber carries data as light in a glass strand. They differ not only in their top speed but in how that speed changes with distance." },
      { p: "The copper telephone network belongs to Türk Telekom. ADSL or VDSL bought from another provider usually runs over the same copper line, so changing provider does not change the length of your line." },
      { h2: "ADSL: a copper line from the exchange to your home" },
      { p: "With ADSL, the modem at home connects to the **exchange** at the other end of the copper line. The common ADSL2+ standard (ITU-T G.992.5) allows at most 24 Mbps down on paper, and uploads usually sit around 1 Mbps. Only lines very close to the exchange get near that ceiling." },
      { p: "Copper weakens the signal more the further it travels. High frequencies fade fastest, so on a long line the modem can use fewer of them and the speed drops. Joints, corroded connections and interference from neighbouring lines in the same cable pull it down further." },
      { h2: "VDSL: fiber to the cabinet, copper for the last stretch" },
      { p: "VDSL2 (ITU-T G.993.2) uses a much wider band of frequencies, which lets it reach 100 Mbps on short lines. The price is that it is far more sensitive to distance. That is why the VDSL equipment sits not in the exchange but in a street **cabinet**: fiber runs to the cabinet, and the last stretch from the cabinet to your home is copper again. This layout is called FTTC (*fiber to the cabinet*)." },
      { p: "What decides a VDSL speed is the length of copper between your home and the cabinet. A flat next to the cabinet may get close to 100 Mbps while one a kilometre away may have to settle for a third of that. From about one and a half kilometres on, VDSL loses most of its advantage over ADSL." },
      { h3: "How speed falls with distance" },
      { p: "The table below comes from the curve behind the estimate on our infrastructure answer page. For VDSL the distance is to the cabinet; for ADSL, to the exchange. The figures are approximate; the real speed depends on the condition of the line." },
      {
        table: {
          head: ["Line length", "VDSL (to the cabinet)", "ADSL (to the exchange)"],
          rows: [
            ["300 m", "about 95 Mbps", "about 23 Mbps"],
            ["500 m", "about 80 Mbps", "about 23 Mbps"],
            ["800 m", "about 50 Mbps", "about 22 Mbps"],
            ["1 km", "about 35 Mbps", "about 22 Mbps"],
            ["1.5 km", "about 10 Mbps", "about 19 Mbps"],
            ["2 km", "about 5 Mbps", "about 16 Mbps"],
            ["3 km", "no connection", "about 8 Mbps"],
            ["5 km", "no connection", "about 1 Mbps"],
          ],
        },
      },
      { h2: "Fiber: the package sets the speed, not the distance" },
      { p: "Fiber carries data as light, and over home broadband distances the signal loss does not limit the speed. In the widely used GPON technology (ITU-T G.984), one port on the provider's side serves several subscribers through a splitter, and they share a total of 2.4 Gbps down and 1.2 Gbps up. The speed you get is set by the package you buy." },
      { p: "Fiber comes in kinds too, shown in the “Fiber type” row of the query result:" },
      {
        ul: [
          "**FTTH** (fiber to the home): the fiber reaches your flat. This is what you want for the highest speeds.",
          "**FTTB** (fiber to the building): the fiber reaches the building's entrance and the flat is wired from there. The building's cabling limits the speed; our answer page then warns that speeds top out near 100 Mbps in practice.",
          "**FTTC** (fiber to the cabinet): the fiber ends in the street cabinet and the rest is copper. In practice this is a VDSL connection.",
        ],
      },
      { h2: "Which one should you choose?" },
      { p: "If FTTH fiber reaches your flat, it is the option with the fewest surprises. Without fiber, VDSL is a good choice when you are close to the cabinet; far from it, the extra speed VDSL brings may be small. Either way, do not pay for a speed your line cannot carry: a 100 Mbps package runs no faster than 35 Mbps on a line that carries 35 Mbps." },
      { p: "Find out which technology reaches your flat and how long your line is on the [infrastructure query](/en/internet-altyapi-hiz-sorgulama) page. The answer page also lists the packages your line can carry, and you can compare every option on the [packages](/en/paketler) page." },
    ],
  },
  {
    key: "altyapi-sonucu-en",
    lang: "en",
    twinKey: "altyapi-sonucu-tr",
    categoryKey: "telecommunication",
    title: "How to read an infrastructure query result",
    subtitle: "Free port, maximum speed, distance to the cabinet and estimated speed: what each row of the answer page means.",
    tags: ["infrastructure query", "free port", "bbk", "uavt", "estimated speed"],
    publishedDaysAgo: 10,
    faq: [
      {
        question: "What does “Unknown” in the free port row mean?",
        answer: "The source gave no port information for this flat. The infrastructure may still be there; when you apply, the provider checks the port in its own system.",
      },
      {
        question: "Is the estimated speed exact?",
        answer: "No. It is an approximate figure worked out from the line length; the wiring in the building, joints and noise on the line can change the real speed. Once you are connected, measure it with a speed test.",
      },
      {
        question: "Can I share the answer page?",
        answer: "Yes. Each flat's answer has its own address, which contains the flat code; copy the link and share it.",
      },
    ],
    blocks: [
      { p: "An infrastructure query shows the internet infrastructure of a single flat. There are three ways to run it: pick your address step by step (province, district, neighbourhood, street, building and flat); type your landline number with its area code; or enter the 10-digit address code (UAVT) shown on e-Devlet under “My address details”. Whichever you choose, you land on the same answer page." },
      { h2: "At the top: the address and its codes" },
      { p: "The page opens with the address and two codes. The **flat code (BBK)** is the flat's number in the infrastructure records; the **address code (UAVT)** is its number in the national address database. Noting both makes an application to a provider easier. When the answer was generated from sample data, the page says so separately." },
      { h2: "The technology cards: fiber, VDSL, ADSL" },
      { p: "The heart of the answer is three cards. Each card's heading names the technology and says whether it is available at the flat. When it is, the card holds these rows:" },
      {
        ul: [
          "**Free port:** “Free port available”, “No free port” or “Unknown”. Without a free port, a new connection may not be possible even though the infrastructure is there.",
          "**Maximum speed:** the highest download (and, when known, upload) speed this technology can offer at the flat, in Mbps.",
          "**Fiber type:** on the fiber card only; FTTH, FTTB or FTTC.",
          "**Cabinet or exchange:** the name of the place where the line ends on the provider's side and its distance from the flat, in metres. VDSL shows the cabinet, ADSL the exchange.",
          "**Estimated speed from the line length:** on the VDSL and ADSL cards only; the approximate download speed worked out from the length of the line.",
        ],
      },
      { p: "When there is an open work order for the line (an installation or a repair), the card says so too. Such a record can hold up your application for a while." },
      { h3: "An example VDSL card" },
      {
        table: {
          head: ["Row", "Example value", "What it means"],
          rows: [
            ["Free port", "Free port available", "The cabinet seems to have a port that can be assigned to you."],
            ["Maximum speed", "100 Mbps", "The ceiling VDSL can offer at this flat."],
            ["Cabinet", "Cabinet 12 · 650 m", "Your line ends at a cabinet 650 metres away."],
            ["Estimated speed", "about 65 Mbps", "What a 650-metre line is expected to carry."],
          ],
        },
      },
      { h2: "Why do the maximum and the estimated speed differ?" },
      { p: "The maximum speed is the limit the technology and the port allow. The estimate shows how much of that limit is left at the length of your line, and it never exceeds the maximum. The estimate is the figure to use when choosing a package: in the example above, a 100 Mbps package may not bring a noticeably faster connection than a 50 Mbps one." },
      { p: "The fiber card has no estimate, because on fiber the speed is set by your package, not by the distance. When the fiber type is FTTB, the card warns that the building's cabling keeps speeds near 100 Mbps in practice." },
      { h2: "What comes below the cards" },
      { p: "Right below the cards you see when the data was fetched and where it came from: demo data, imported infrastructure data or an infrastructure query service. Then come the **packages that reach this flat**: packages on sale whose technology is available at the flat, whose speed the line carries and which serve your province. They are ordered by the average per month over 24 months, activation fee and modem rental included, the lowest first." },
      { p: "The page also shows the speeds measured in your district: the median of the speed tests of the last 90 days. When the district has no tests from at least five different internet addresses, the province's figures are shown instead, and the page says so." },
      { h2: "When the answer is wrong or there is no infrastructure" },
      { p: "If your home really has a different infrastructure, tell us with the “Is this result wrong?” form; reports are used to correct the records. If your flat has no fiber or no free port, leave your e-mail address and we will send you one e-mail when it arrives. When no technology shows at all, the page says “No service found” and lists what you can do next." },
      { p: "To see your own flat's answer, start on the [infrastructure query](/en/internet-altyapi-hiz-sorgulama) page." },
    ],
  },
];
