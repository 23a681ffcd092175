"""What each screen says, key by key, in English and French (``tests/ui/test_menu_voice.py``): read
and checked by hand against the screens; regenerate only after reading the difference."""

# ruff: noqa: E501, RUF001

EXPECTED: dict[str, dict[str, list[list[str]]]] = {'title': {'en': [['Tablée. Card games around one table. Arrow keys: choose, Enter: open, F11: full screen. Gin '
                   'Rummy, 2 players, button. Two players draw and discard to build sets and runs, then knock before '
                   'the other does; the match goes to 1,000 points.'],
                  ['LaGagne, 2–6 players, button. Open suit columns, fill them with points, steal and double: first '
                   'to 150 wins.'],
                  ['Gang de mouettes, 2–8 players, button. Remember your face-down seagulls, swap and spy, and call '
                   'when your total is the lowest.'],
                  ['LaGagne, 2–6 players, button. Open suit columns, fill them with points, steal and double: first '
                   'to 150 wins.']],
           'fr': [["Tablée. Des jeux de cartes autour d'une même table. Flèches : choisir, Entrée : ouvrir, F11 : "
                   'plein écran. Gin-rami, 2 joueurs, bouton. À deux, on pioche et on rejette pour former brelans et '
                   "séquences, puis on frappe avant l'autre ; la partie se joue en 1 000 points."],
                  ['LaGagne, 2 à 6 joueurs, bouton. Ouvrez des colonnes, remplissez-les de points, volez et doublez '
                   ': le premier à 150 gagne.'],
                  ['Gang de mouettes, 2 à 8 joueurs, bouton. Retenez vos mouettes cachées, échangez, espionnez, et '
                   'annoncez quand votre total est le plus bas.'],
                  ['LaGagne, 2 à 6 joueurs, bouton. Ouvrez des colonnes, remplissez-les de points, volez et doublez '
                   ': le premier à 150 gagne.']]},
 'setup': {'en': [['New game, Gin Rummy. Start, button.'],
                  ['Read the rules, button.'],
                  ['Play the tutorial, button. New to Gin Rummy? Learn it in a two-minute tutorial.'],
                  ['Back, button.'],
                  ["Seed or deal code, text box, random. Blank: a new deal. Paste a friend's deal code to play the "
                   'same cards.'],
                  ['First dealer (seat number), text box, random. A whole number, 0 to 1. Blank: chosen at random. '
                   'Left empty, the first dealer is drawn at random; 0 makes the first player of the list deal.'],
                  ['“First dealer (seat number)” must be a seat number from 0 to 1, not 7.', '7.'],
                  ['random.'],
                  ['Hollywood scoring (three games at once), check box, not checked. On: your first hand won scores '
                   'in game 1, your second in games 1 and 2, later ones in all three.'],
                  ['checked.'],
                  ["Points to win the match, choice, Classic: 1,000 (~35 min). Every game's total counts: win one "
                   'game for 250 and another for 310, and you have 560 towards the match.'],
                  ['Quick: 100 (~10 min).']],
           'fr': [['Nouvelle partie, Gin-rami. Commencer, bouton.'],
                  ['Lire les règles, bouton.'],
                  ['Faire le tutoriel, bouton. Vous découvrez Gin-rami ? Apprenez-le en deux minutes.'],
                  ['Retour, bouton.'],
                  ["Graine ou code de donne, zone de texte, au hasard. Vide : nouvelle donne. Code d'un ami : les "
                   'mêmes cartes.'],
                  ['Premier donneur (numéro de place), zone de texte, au hasard. Un nombre entier, de 0 à 1. Vide : '
                   'tiré au hasard. Vide, le premier donneur est tiré au sort ; 0 fait donner le premier joueur de '
                   'la liste.'],
                  ['« Premier donneur (numéro de place) » doit être un numéro de place de 0 à 1, pas 7.', '7.'],
                  ['au hasard.'],
                  ['Marque Hollywood (trois manches à la fois), case à cocher, non cochée. Coché : votre premier '
                   'coup gagné compte dans la manche 1, le deuxième dans les manches 1 et 2, les suivants dans les '
                   'trois.'],
                  ['cochée.'],
                  ['Points pour gagner la partie, liste de choix, Longue : 1 000 (35 min). Chaque manche compte : '
                   'gagnez-en une pour 250 et une autre pour 310, vous avez 560 vers la partie.'],
                  ['Rapide : 100 (~10 min).']]},
 'settings': {'en': [['Settings. Up or Down: choose a setting. Left, Right or Enter: change it.'],
                     ['Language, choice, English.',
                      'Animation speed, choice, Normal.',
                      'Bot thinking time, slider, 0.8 s. How long a bot waits before playing, so that you can follow '
                      'its moves.'],
                     ['slider, 0.9 s.'],
                     ['Memory aid, Show what I know, check box, not checked; Pass when I know no match, check box, '
                      'not checked. Gang de mouettes and Gin Rummy: mark the cards whose value you have seen. Gang '
                      'de mouettes: a quick-discard window is let go for you at once when you know no card that '
                      'matches it. Enter: Show what I know. Left or Right: Pass when I know no match.'],
                     ['Show what I know, check box, checked; Pass when I know no match, check box, not checked.'],
                     ['Bot thinking time, slider, 0.9 s. How long a bot waits before playing, so that you can follow '
                      'its moves.',
                      'Animation speed, choice, Normal.',
                      'Language, choice, English.'],
                     ['Réglages. Haut ou Bas : choisir un réglage. Gauche, Droite ou Entrée : le changer. Langue, '
                      'liste de choix, Français.']],
              'fr': [['Réglages. Haut ou Bas : choisir un réglage. Gauche, Droite ou Entrée : le changer.'],
                     ['Langue, liste de choix, Français.',
                      'Vitesse des animations, liste de choix, Normale.',
                      'Temps de réflexion des robots, curseur, 0,8 s. Combien de temps un robot attend avant de '
                      'jouer, pour que vous puissiez suivre ses coups.'],
                     ['curseur, 0,9 s.'],
                     ['Aide-mémoire, Montrer ce que je sais, case à cocher, non cochée; Passer sans carte égale '
                      'connue, case à cocher, non cochée. Gang de mouettes et Gin Rummy : marquer les cartes dont '
                      'vous avez vu la valeur. Gang de mouettes : une défausse rapide est laissée passer pour vous '
                      'dès que vous ne connaissez aucune carte égale. Entrée : Montrer ce que je sais. Gauche ou '
                      'Droite : Passer sans carte égale connue.'],
                     ['Montrer ce que je sais, case à cocher, cochée; Passer sans carte égale connue, case à cocher, '
                      'non cochée.'],
                     ['Temps de réflexion des robots, curseur, 0,9 s. Combien de temps un robot attend avant de '
                      'jouer, pour que vous puissiez suivre ses coups.',
                      'Vitesse des animations, liste de choix, Normale.',
                      'Langue, liste de choix, Français.'],
                     ['Einstellungen. Hoch oder Runter: eine Einstellung wählen. Links, Rechts oder Eingabe: sie '
                      'ändern. Sprache, Auswahl, Deutsch.']]},
 'rules': {'en': [['Rules, Gin Rummy. 9 sections. H: next section, Shift+H: previous section, R: read it again. Left '
                   'or Right: another game. Back, button.'],
                  ['Section 1 of 9. How to play. …'],
                  ['Section 2 of 9. Cards and melds. …'],
                  ['Section 2 of 9. Cards and melds. …'],
                  ['Section 1 of 9. How to play. …'],
                  ['Rules, LaGagne. 12 sections. H: next section, Shift+H: previous section, R: read it again. Left '
                   'or Right: another game. Back, button.']],
           'fr': [['Règles, Gin-rami. 9 sections. H : section suivante, Maj+H : section précédente, R : la relire. '
                   'Gauche ou Droite : un autre jeu. Retour, bouton.'],
                  ['Section 1 sur 9. Comment jouer. …'],
                  ['Section 2 sur 9. Cartes et combinaisons. …'],
                  ['Section 2 sur 9. Cartes et combinaisons. …'],
                  ['Section 1 sur 9. Comment jouer. …'],
                  ['Règles, LaGagne. 12 sections. H : section suivante, Maj+H : section précédente, R : la relire. '
                   'Gauche ou Droite : un autre jeu. Retour, bouton.']]},
 'stats': {'en': [['Statistics. Gin Rummy. Against bots, easy: none yet; normal: none yet; hard: none yet; Pass and '
                   'play: none yet; Network: none yet. LaGagne. Against bots, easy: none yet; normal: none yet; '
                   'hard: none yet; Pass and play: none yet; Network: none yet. Gang de mouettes. Against bots, '
                   'easy: none yet; normal: none yet; hard: none yet; Pass and play: none yet; Network: none yet. '
                   'Back, button.'],
                  ['All games, button. Shown.', 'Gin Rummy, button.'],
                  ['Shown. gins: none yet; undercuts made: none yet; undercuts suffered: none yet; points per hand: '
                   'none yet; best game: none yet; longest winning streak: none yet.'],
                  ['Tablée. Card games around one table. Arrow keys: choose, Enter: open, F11: full screen. '
                   'Statistics, button.']],
           'fr': [['Statistiques. Gin-rami. Contre des robots, faciles: aucune encore; normaux: aucune encore; '
                   'difficiles: aucune encore; Entre humains: aucune encore; En réseau: aucune encore. LaGagne. '
                   'Contre des robots, faciles: aucune encore; normaux: aucune encore; difficiles: aucune encore; '
                   'Entre humains: aucune encore; En réseau: aucune encore. Gang de mouettes. Contre des robots, '
                   'faciles: aucune encore; normaux: aucune encore; difficiles: aucune encore; Entre humains: aucune '
                   'encore; En réseau: aucune encore. Retour, bouton.'],
                  ['Tous les jeux, bouton. Affiché.', 'Gin-rami, bouton.'],
                  ['Affiché. gins: aucune encore; contres réussis: aucune encore; contres subis: aucune encore; '
                   'points par main: aucune encore; meilleure manche: aucune encore; plus longue série de victoires: '
                   'aucune encore.'],
                  ["Tablée. Des jeux de cartes autour d'une même table. Flèches : choisir, Entrée : ouvrir, F11 : "
                   'plein écran. Statistiques, bouton.']]},
 'saves': {'en': [['Tablée. Card games around one table. Arrow keys: choose, Enter: open, F11: full screen. '
                   'Continue, Gin Rummy, button. Player 1, Player 2, 40 moves played.'],
                  ['Saved matches (1), button.'],
                  ['Saved matches. Gin Rummy, Player 1: 0, Player 2: 0, button. Solo against bots, 40 moves played, '
                   'last played today at <time>.'],
                  ['Delete: Gin Rummy, Player 1: 0, Player 2: 0, button.'],
                  ['Delete this match? Delete the Gin Rummy match of Player 1, Player 2, last played today at '
                   '<time>? It cannot be brought back. Delete, button.'],
                  ['Cancel, button.'],
                  ['Saved matches. Delete: Gin Rummy, Player 1: 0, Player 2: 0, button.'],
                  ['Tablée. Card games around one table. Arrow keys: choose, Enter: open, F11: full screen. Saved '
                   'matches (1), button.']],
           'fr': [["Tablée. Des jeux de cartes autour d'une même table. Flèches : choisir, Entrée : ouvrir, F11 : plein écran. "
                   'Continuer, Gin-rami, bouton. Joueur 1, Player 2, 40 coups joués.'],
                  ['Parties sauvegardées (1), bouton.'],
                  ['Parties sauvegardées. Gin-rami, Player 1 : 0, Player 2 : 0, bouton. Seul contre des robots, 40 '
                   'coups joués, jouée aujourd’hui à <time>.'],
                  ['Supprimer: Gin-rami, Player 1 : 0, Player 2 : 0, bouton.'],
                  ['Supprimer cette partie ? Supprimer la partie de Gin-rami de Player 1, Player 2, jouée '
                   'aujourd’hui à <time> ? Elle ne pourra pas être récupérée. Supprimer, bouton.'],
                  ['Annuler, bouton.'],
                  ['Parties sauvegardées. Supprimer: Gin-rami, Player 1 : 0, Player 2 : 0, bouton.'],
                  ["Tablée. Des jeux de cartes autour d'une même table. Flèches : choisir, Entrée : ouvrir, F11 : "
                   'plein écran. Parties sauvegardées (1), bouton.']]},
 'join': {'en': [['Join a table. Tables on this network: No table heard on this network yet. You can type the '
                  'address and code the host gives you.'],
                 ['Address (host:port), text box, empty.'],
                 ['x.'],
                 ['Table code, text box, empty.',
                  'Your name, text box, Player 1.',
                  'Seat (blank: any), text box, empty. Several players on this computer (pass-and-play)? Give a seat '
                  'and a name for each, separated by commas: seats 2, 4 and names Ann, Bob.'],
                 []],
          'fr': [["Rejoindre une table. Tables sur ce réseau: Aucune table entendue sur ce réseau pour l'instant. "
                  "Vous pouvez saisir l'adresse et le code que l'hôte vous donne."],
                 ['Adresse (hôte:port), zone de texte, vide.'],
                 ['x.'],
                 ['Code de la table, zone de texte, vide.',
                  'Votre nom, zone de texte, Joueur 1.',
                  'Place (vide : libre), zone de texte, vide. Plusieurs joueurs sur cet ordinateur (à tour de rôle) '
                  '? Donnez une place et un nom à chacun, séparés par des virgules : places 2, 4 et noms Anne, Bob.'],
                 []]},
 'about': {'en': [['About Tablée. Your settings, saves and statistics are in <data>. Back, button.']],
           'fr': [['À propos de Tablée. Vos réglages, sauvegardes et statistiques sont dans <data>. Retour, '
                   'bouton.']]},
 'pause': {'en': [['Pause. Gin Rummy. Resume, button.'],
                  ['Restart, button.', 'Rules, button.', 'Settings, button.'],
                  ['Rules, button.'],
                  ['Rules, Gin Rummy. 9 sections. H: next section, Shift+H: previous section, R: read it again. Left '
                   'or Right: another game. Back, button.'],
                  ['Pause. Gin Rummy. Rules, button.']],
           'fr': [['Pause. Gin-rami. Reprendre, bouton.'],
                  ['Recommencer, bouton.', 'Règles, bouton.', 'Réglages, bouton.'],
                  ['Règles, bouton.'],
                  ['Règles, Gin-rami. 9 sections. H : section suivante, Maj+H : section précédente, R : la relire. '
                   'Gauche ou Droite : un autre jeu. Retour, bouton.'],
                  ['Pause. Gin-rami. Règles, bouton.']]},
 'replay': {'en': [['Replay, Gin Rummy. Move 11 of 11: Player 2 knocks, discarding the 6 of clubs, with 7 deadwood. '
                    'Player 1 lays off King of diamonds. Player 2 wins the hand: 18 points. Next move (Right arrow), '
                    'button.'],
                   ['The deal, before the first of 11 moves.'],
                   ['Move 1 of 11: Player 1 passes.'],
                   ['Move 11 of 11: Player 2 knocks, discarding the 6 of clubs, with 7 deadwood. Player 1 lays off '
                    'King of diamonds. Player 2 wins the hand: 18 points.'],
                   ['Next hand (Page Down), button.']],
            'fr': [['Revoir, Gin-rami. Coup 11 sur 11 : Player 2 frappe en défaussant le 6 de trèfle, avec 7 points '
                    'morts. Player 1 pose Roi de carreau sur les combinaisons adverses. Player 2 gagne le coup : 18 '
                    'points. Coup suivant (flèche droite), bouton.'],
                   ['La donne, avant le premier des 11 coups.'],
                   ['Coup 1 sur 11 : Player 1 passe.'],
                   ['Coup 11 sur 11 : Player 2 frappe en défaussant le 6 de trèfle, avec 7 points morts. Player 1 '
                    'pose Roi de carreau sur les combinaisons adverses. Player 2 gagne le coup : 18 points.'],
                   ['Main suivante (Page suiv.), bouton.']]},
 'waiting': {'en': [["At a friend's table. You sit in seat 1: Ann. Waiting for the host to start the match… 1. Ann, "
                     'you. 2. Bob, waiting. Back, button.'],
                    ['2. Bob, connected.'],
                    []],
             'fr': [["À la table d'un ami. Vous êtes à la place 1 : Ann. En attente du début de la partie par "
                     "l'hôte… 1. Ann, vous. 2. Bob, en attente. Retour, bouton."],
                    ['2. Bob, connecté.'],
                    []]}}
