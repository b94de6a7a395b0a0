// Delivery addresses are picked from fixed lists rather than typed freely, so orders always name a
// state and a city the shop knows (requirements §3.14): the 36 states and the FCT, four cities each.

export const NIGERIAN_STATES: readonly { name: string; cities: readonly string[] }[] = [
  { name: "Abia", cities: ["Umuahia", "Aba", "Ohafia", "Arochukwu"] },
  { name: "Adamawa", cities: ["Yola", "Mubi", "Numan", "Ganye"] },
  { name: "Akwa Ibom", cities: ["Uyo", "Eket", "Ikot Ekpene", "Oron"] },
  { name: "Anambra", cities: ["Awka", "Onitsha", "Nnewi", "Ekwulobia"] },
  { name: "Bauchi", cities: ["Bauchi", "Azare", "Misau", "Jama'are"] },
  { name: "Bayelsa", cities: ["Yenagoa", "Brass", "Ogbia", "Sagbama"] },
  { name: "Benue", cities: ["Makurdi", "Gboko", "Otukpo", "Katsina-Ala"] },
  { name: "Borno", cities: ["Maiduguri", "Biu", "Bama", "Dikwa"] },
  { name: "Cross River", cities: ["Calabar", "Ikom", "Ogoja", "Obudu"] },
  { name: "Delta", cities: ["Asaba", "Warri", "Sapele", "Ughelli"] },
  { name: "Ebonyi", cities: ["Abakaliki", "Afikpo", "Onueke", "Ishiagu"] },
  { name: "Edo", cities: ["Benin City", "Auchi", "Ekpoma", "Uromi"] },
  { name: "Ekiti", cities: ["Ado-Ekiti", "Ikere-Ekiti", "Ikole", "Ijero-Ekiti"] },
  { name: "Enugu", cities: ["Enugu", "Nsukka", "Agbani", "Oji River"] },
  { name: "FCT", cities: ["Abuja", "Gwagwalada", "Kuje", "Bwari"] },
  { name: "Gombe", cities: ["Gombe", "Kaltungo", "Billiri", "Dukku"] },
  { name: "Imo", cities: ["Owerri", "Okigwe", "Orlu", "Oguta"] },
  { name: "Jigawa", cities: ["Dutse", "Hadejia", "Gumel", "Kazaure"] },
  { name: "Kaduna", cities: ["Kaduna", "Zaria", "Kafanchan", "Kagoro"] },
  { name: "Kano", cities: ["Kano", "Wudil", "Gaya", "Rano"] },
  { name: "Katsina", cities: ["Katsina", "Funtua", "Daura", "Malumfashi"] },
  { name: "Kebbi", cities: ["Birnin Kebbi", "Argungu", "Yauri", "Zuru"] },
  { name: "Kogi", cities: ["Lokoja", "Okene", "Idah", "Kabba"] },
  { name: "Kwara", cities: ["Ilorin", "Offa", "Omu-Aran", "Jebba"] },
  { name: "Lagos", cities: ["Ikeja", "Lagos Island", "Epe", "Badagry"] },
  { name: "Nasarawa", cities: ["Lafia", "Keffi", "Akwanga", "Nasarawa"] },
  { name: "Niger", cities: ["Minna", "Bida", "Kontagora", "Suleja"] },
  { name: "Ogun", cities: ["Abeokuta", "Ijebu-Ode", "Sagamu", "Ota"] },
  { name: "Ondo", cities: ["Akure", "Ondo", "Owo", "Ikare"] },
  { name: "Osun", cities: ["Osogbo", "Ile-Ife", "Ilesa", "Ede"] },
  { name: "Oyo", cities: ["Ibadan", "Ogbomosho", "Oyo", "Iseyin"] },
  { name: "Plateau", cities: ["Jos", "Bukuru", "Pankshin", "Shendam"] },
  { name: "Rivers", cities: ["Port Harcourt", "Bonny", "Omoku", "Eleme"] },
  { name: "Sokoto", cities: ["Sokoto", "Tambuwal", "Gwadabawa", "Wurno"] },
  { name: "Taraba", cities: ["Jalingo", "Wukari", "Bali", "Gembu"] },
  { name: "Yobe", cities: ["Damaturu", "Potiskum", "Gashua", "Nguru"] },
  { name: "Zamfara", cities: ["Gusau", "Kaura Namoda", "Talata Mafara", "Anka"] },
] as const;

export const STATE_NAMES: readonly string[] = NIGERIAN_STATES.map((s) => s.name);

/** The cities of a state, or [] when the state is unknown. Exact, case-sensitive names. */
export function citiesOf(state: string): readonly string[] {
  return NIGERIAN_STATES.find((s) => s.name === state)?.cities ?? [];
}

export function isStateCity(state: string, city: string): boolean {
  return citiesOf(state).includes(city);
}
