kakuro
title "Starter 04"
by "Hanjie team"
license MIT
difficulty 2
size 6x6

grid
#     #     #     11\   15\   19\
#     #     \13   .     .     .
#     12\   20\24 .     .     .
\11   .     .     4\4   .     .
\23   .     .     .     .     #
\6    .     .     .     #     #

solution
# # # # # #
# # # 4 2 7
# # # 7 8 9
# 3 8 # 1 3
# 7 9 3 4 #
# 2 3 1 # #

