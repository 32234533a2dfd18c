export { aboutPage } from "./about";
export { advertisementPage } from "./advertisement";
export { contactPage } from "./contact";
export { cookiePolicyPage } from "./cookie-policy";
export { faqPage } from "./faq";
export { kvkkPage } from "./kvkk";
export { privacyPage } from "./privacy";
