#!/usr/bin/env python3
"""A seeded product catalogue, the shape of data most shopping apps have (issue 45).

Each product is a name of several words — brand, a few adjectives and nouns of its category, a
colour, a size — plus the brand, the category and a price: "Nike Trail running shoes grey EU 41",
"Lindt dark chocolate 1 kg". Some brands and words are not ASCII (Müller, Crème, Zürich). Names may
repeat. The same seed always gives the same file.

Usage: python3 scripts/make-catalogue.py [--count N] [--seed S] [OUT]
(default: 1,000,000 products into data/catalogue-1m.tsv; columns id, name, brand, category, price;
a header line first).
"""
import argparse
import os
import random

CATEGORIES = {
    "Shoes": {
        "brands": ["Nike", "Adidas", "Puma", "Asics", "New Balance", "Salomon", "Hoka", "Brooks", "Mizuno",
                   "Reebok", "Saucony", "On", "Merrell", "Dr. Martens", "Converse", "Vans", "Ecco", "Geox"],
        "adjectives": ["trail", "road", "waterproof", "lightweight", "cushioned", "minimalist", "vegan",
                       "leather", "suede", "wide", "kids", "women's", "men's", "classic", "retro"],
        "nouns": ["running shoes", "sneakers", "boots", "hiking boots", "sandals", "trainers", "loafers",
                  "slippers", "spikes", "court shoes"],
        "sizes": [f"EU {n}" for n in range(35, 48)],
    },
    "Food": {
        "brands": ["Lindt", "Milka", "Nestlé", "Nespresso", "Lavazza", "Illy", "Barilla", "Müller",
                   "Ritter Sport", "Côte d'Or", "Twinings", "Lipton", "Haribo", "Ferrero", "Bonne Maman"],
        "adjectives": ["dark", "milk", "white", "organic", "sugar-free", "salted", "roasted", "decaf",
                       "crème", "extra", "intense", "classic", "gluten-free", "fair trade"],
        "nouns": ["chocolate", "espresso capsules", "coffee beans", "ground coffee", "green tea",
                  "earl grey tea", "pasta", "yoghurt", "cookies", "caramel", "hazelnut spread", "jam"],
        "sizes": ["100 g", "250 g", "500 g", "1 kg", "10 capsules", "20 bags", "6 pack"],
    },
    "Electronics": {
        "brands": ["Samsung", "Sony", "LG", "Philips", "Apple", "Bose", "JBL", "Xiaomi", "Panasonic",
                   "Sennheiser", "Logitech", "Anker", "Garmin", "Canon", "Nikon"],
        "adjectives": ["wireless", "smart", "4K", "OLED", "noise cancelling", "portable", "bluetooth",
                       "curved", "gaming", "waterproof", "compact", "pro", "ultra"],
        "nouns": ["TV", "headphones", "earbuds", "speaker", "soundbar", "monitor", "smartphone",
                  "tablet", "camera", "smartwatch", "charger", "keyboard", "mouse"],
        "sizes": ["32 inch", "43 inch", "55 inch", "65 inch", "128 GB", "256 GB", "mini", "XL"],
    },
    "Home": {
        "brands": ["IKEA", "Habitat", "Maisons du Monde", "Zara Home", "Muji", "Le Creuset", "WMF",
                   "Tefal", "Dyson", "Kärcher", "Villeroy & Boch", "Zwilling", "Smeg"],
        "adjectives": ["wool", "cotton", "oak", "ceramic", "cast iron", "stainless", "vintage",
                       "scandinavian", "handmade", "round", "large", "small", "velvet"],
        "nouns": ["rug", "lamp", "chair", "table", "cushion", "curtains", "frying pan", "casserole",
                  "knife set", "vacuum cleaner", "kettle", "mug", "vase", "duvet"],
        "sizes": ["160x230", "120x170", "40x40", "24 cm", "28 cm", "set of 4", "1.7 l"],
    },
    "Clothing": {
        "brands": ["Levi's", "Zara", "H&M", "Uniqlo", "Patagonia", "The North Face", "Lacoste",
                   "Tommy Hilfiger", "Ralph Lauren", "Mango", "Esprit", "Jack Wolfskin", "Schöffel"],
        "adjectives": ["slim", "regular", "oversized", "organic cotton", "merino", "down", "linen",
                       "denim", "recycled", "hooded", "striped", "waterproof", "thermal"],
        "nouns": ["t-shirt", "jeans", "jacket", "hoodie", "sweater", "shirt", "dress", "shorts",
                  "socks", "parka", "fleece", "polo", "trousers"],
        "sizes": ["XS", "S", "M", "L", "XL", "XXL", "W32 L34", "size 38", "size 40"],
    },
}
COLOURS = ["black", "white", "grey", "red", "blue", "navy", "green", "olive", "beige", "brown", "pink",
           "yellow", "orange", "purple", "silver", "gold", "bordeaux", "crème", "anthracite", "türkis"]


def product(rng, number):
    category = rng.choices(list(CATEGORIES), weights=[25, 25, 20, 15, 15])[0]
    table = CATEGORIES[category]
    brand = rng.choice(table["brands"])
    words = [brand]
    words += rng.sample(table["adjectives"], rng.choice([0, 1, 1, 2]))
    words.append(rng.choice(table["nouns"]))
    if rng.random() < 0.7:
        words.append(rng.choice(COLOURS))
    if rng.random() < 0.8:
        words.append(rng.choice(table["sizes"]))
    name = " ".join(words)
    name = name[0].upper() + name[1:]
    price = round(rng.uniform(1, 400) if category != "Food" else rng.uniform(0.5, 30), 2)
    return f"P{number:07d}", name, brand, category, price


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=None)
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=45)
    arguments = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = arguments.out or os.path.join(root, "data", "catalogue-1m.tsv")
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    rng = random.Random(arguments.seed)
    with open(out + ".partial", "w", encoding="utf-8") as f:
        f.write("id\tname\tbrand\tcategory\tprice\n")
        for number in range(1, arguments.count + 1):
            f.write("\t".join(str(field) for field in product(rng, number)) + "\n")
    os.replace(out + ".partial", out)
    print(out)


if __name__ == "__main__":
    main()
