import type { DemoPost } from "./types";

/** Demo posts in English, twins of Turkish ones: data center tiers. */
export const postsEn3: DemoPost[] = [
  {
    key: "veri-merkezi-tier-en",
    lang: "en",
    twinKey: "veri-merkezi-tier-tr",
    categoryKey: "datacenter",
    companySlug: "yakamoz-veri-merkezi-demo",
    title: "Data center tiers: what changes from Tier I to Tier IV?",
    subtitle: "What does the Uptime Institute's classification measure, and what does it leave out? What does it mean when a data center says it is “Tier III”?",
    tags: ["tier", "uptime institute", "data center", "colocation", "redundancy"],
    publishedDaysAgo: 77,
    faq: [
      {
        question: "Is Tier IV always better?",
        answer: "Not for every business. According to the Uptime Institute, the tiers match different business needs; Tier I and II mostly suit cases where first cost and time to market come first. A higher tier costs more; choose by the continuity you actually need.",
      },
      {
        question: "Does a tier cover network connectivity and security?",
        answer: "No. The tier rates the topology of the facility's power and cooling. How many carriers reach the building, physical security and the redundancy of your own servers are separate questions.",
      },
      {
        question: "How do I check a data center's Tier certification?",
        answer: "Ask for the certificate itself: which tier, which stage (design, constructed facility or operations), which date and which building. A phrase such as “Tier III compliant” is not a certificate but the facility's own claim.",
      },
    ],
    blocks: [
      { p: "Look for a data center or a colocation service and you will soon meet a “Tier” level. The classification is the **Uptime Institute**'s *Tier Classification System*. It gives facilities that are all designed differently a common language: how well their power and cooling infrastructure stands up to interruption. There are four tiers, and each includes every requirement of the tiers below it." },
      { h2: "The four tiers" },
      { h3: "Tier I: Basic capacity" },
      { p: "The facility has a space set aside for IT equipment, an uninterruptible power supply (UPS), dedicated cooling and an engine generator. But power and cooling come along a single path and there are no redundant components. Planned maintenance means shutting systems down, and any failure reaches the servers." },
      { h3: "Tier II: Redundant capacity components" },
      { p: "Capacity components such as UPS modules, cooling units and generators have spares, so one can fail or be taken for maintenance while its spare takes over. The distribution path, however, is still single: maintenance or a failure along that path means downtime." },
      { h3: "Tier III: Concurrently maintainable" },
      { p: "Power and cooling have more than one distribution path, and every component and every path can be taken out of service for planned maintenance without affecting the IT equipment. The key word for Tier III is *planned*: an unplanned failure can still cause an outage." },
      { h3: "Tier IV: Fault tolerant" },
      { p: "A single unplanned failure of any component or distribution path does not affect the IT equipment. To get there, systems run on independent paths that are active at the same time and kept physically apart, so that even an event like a fire in one section leaves the other path running." },
      {
        table: {
          head: ["Tier", "Distribution path", "Spare capacity", "Planned maintenance without downtime?", "Survives a single failure?"],
          rows: [
            ["Tier I", "Single", "None", "No", "No"],
            ["Tier II", "Single", "Yes", "No", "No"],
            ["Tier III", "One active, one alternate", "Yes", "Yes", "No"],
            ["Tier IV", "Two active at once", "Yes", "Yes", "Yes"],
          ],
        },
      },
      { h2: "What do the percentages tell you?" },
      { p: "Availability figures from 99.671 percent to 99.995 percent are widely quoted online for the tiers. They are not a guarantee and do not replace the service commitment in your contract. A tier describes how a facility is designed and built; its real availability also depends on how it is run. And a single server in a Tier IV building is still a single point of failure: your application's continuity depends on your own architecture." },
      { h2: "A design certificate is not a facility certificate" },
      { p: "The Uptime Institute certifies in stages: first the design documents (*Tier Certification of Design Documents*), then the built facility (*Tier Certification of Constructed Facility*). There is also a separate assessment of how the site is operated (*Operational Sustainability*). A facility with only a design certificate has not yet shown that the building was built to that design." },
      { p: "Terms such as “Tier III+” or “Tier 3.5” are not part of the Uptime Institute's classification. Sentences like “built to Tier III standards” are not a certificate either, but the facility's own claim." },
      { h2: "What to ask before you sign for colocation" },
      {
        ol: [
          "Which tier, which stage, and when was the certificate awarded? Can I see it?",
          "Does my rack get two separate power feeds (A and B)?",
          "How are cooling and the generators made redundant, and what happens during planned maintenance?",
          "Which carriers are present in the building? Would I depend on a single one?",
          "What availability does the contract commit to, and what do I get if it is missed?",
          "When, and at what price, is remote hands support available?",
        ],
      },
      { p: "We suggest our customers ask every facility these questions, ours included. The official definitions are on the [Uptime Institute's Tier page](https://uptimeinstitute.com/tiers)." },
    ],
  },
];
