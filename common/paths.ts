/**
 * The spec's navigation names (§2) and the paths they lead to. Links are built from here only,
 * so a path changes in one place.
 */
export const paths = {
  Home: () => "/",
  altyapiSorgulama: () => "/internet-altyapi-hiz-sorgulama",
  altyapiSorgulamaIl: (il: string) => `/internet-altyapi-hiz-sorgulama/${encodeURIComponent(il)}`,
  blogs: () => "/blog-yazilari",
  blogsWithCategory: (categoryUrl: string) => `/blog-yazilari/kategori/${encodeURIComponent(categoryUrl)}`,
  searchCorporates: () => "/isletmeler",
  searchPackages: () => "/paketler",
  speedTest: () => "/internet-hiz-testi",
  search: (searchValue: string) => `/arama/${encodeURIComponent(searchValue)}`,
  Login: () => "/giris",
  Register: () => "/hesap-olustur",
  userProfile: () => "/kullanici/profil",
  dashboardHome: () => "/ozet",
  dashboardSettings: () => "/ayarlar",
  contact: () => "/iletisim",
  about: () => "/hakkimizda",
  advertisement: () => "/reklam",
  cookie: () => "/cerez",
  privacy: () => "/gizlilik",
  kvkk: () => "/kisisel-verilerin-korunmasi",
  sss: () => "/sikca-sorulan-sorular",
  newsletter: () => "/bulten",
  preferences: () => "/tercih",
} as const;
